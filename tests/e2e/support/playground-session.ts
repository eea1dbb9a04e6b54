import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startModelServer, type ModelServer, type ModelServerOptions } from '../../../tools/model-server';
import { FIRST_RUN_ORIGIN, firstRunPluginData, playgroundPluginData } from '../../../tools/playground/plugin-data';
import { startPlaygroundServer, type PlaygroundServer } from '../../../tools/playground/server';
import { copyDemoVault } from '../../support/demo-vault';
import { CHROMIUM_PATH, E2E_PLAYGROUND_DIR } from './paths';

/** The Chromium flags of every e2e run (headless, no sandbox in CI containers, no background traffic). */
export const CHROMIUM_ARGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

/**
 * The plugin asks each kind of server's own endpoint for the context window and its models
 * (src/llm/servers); a server without one answers 404 by design. In Obsidian these go through `requestUrl`, outside
 * the page; the playground's fake sends them through its proxy, where the page sees the 404.
 */
function isWindowProbe(url: string): boolean {
  return /\/(?:props|api\/ps|api\/show|api\/tags|api\/v0\/models|api\/v1\/models)$/.test(new URL(url, 'http://localhost').pathname);
}

/** Options of {@link startPlaygroundSession}. */
export interface PlaygroundSessionOptions {
  /** The model name the plugin asks for (default `extractive`). */
  readonly model?: string;
  /** Passed to the scripted model server (scenarios, chunk delay, ...). */
  readonly modelServer?: ModelServerOptions;
  /** Extra plugin settings merged into the initial plugin data. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Obsidian's language in the page (`npm run demo -- --lang`); default English. */
  readonly language?: string;
  /** As `npm run demo -- --first-run`: no endpoint set, the scripted server found at llama.cpp's address through the proxy. */
  readonly firstRun?: boolean;
}

/** A copy of the demo vault, the model server, the playground server and a fresh Chromium profile. */
export interface PlaygroundSession {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly vaultDir: string;
  readonly modelServer: ModelServer;
  readonly playground: PlaygroundServer;
  /** Page errors and console errors seen so far. */
  readonly pageErrors: string[];
  /** Loads (or reloads) the playground (with `search`, e.g. `?platform=mobile`) and waits until the plugin's view is open. */
  open(search?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts everything one e2e file needs. The vault is a temporary copy of `demo-vault/` as
 * committed (without conversations a person saved while trying the demo), so the conversations
 * the plugin saves land there and the repository stays clean; the Chromium
 * profile is a fresh temporary folder.
 */
export async function startPlaygroundSession(options: PlaygroundSessionOptions = {}): Promise<PlaygroundSession> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'glassbox-e2e-'));
  const vaultDir = path.join(workDir, 'vault');
  await copyDemoVault(vaultDir);
  const modelServer = await startModelServer({ defaultModel: 'extractive', ...(options.firstRun === true ? { contextWindow: 32768 } : {}), ...options.modelServer });
  const pluginData = { ...(options.firstRun === true ? firstRunPluginData() : playgroundPluginData({ baseUrl: modelServer.url, model: options.model ?? 'extractive' })), ...options.settings };
  const playground = await startPlaygroundServer({
    vaultDir,
    staticDir: E2E_PLAYGROUND_DIR,
    pluginData,
    proxyOrigins: [new URL(modelServer.url).origin],
    ...(options.language !== undefined ? { language: options.language } : {}),
    ...(options.firstRun === true ? { proxyRedirects: { [FIRST_RUN_ORIGIN]: new URL(modelServer.url).origin } } : {}),
  });
  const context = await chromium.launchPersistentContext(path.join(workDir, 'profile'), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
    viewport: { width: 1400, height: 900 },
    reducedMotion: 'no-preference',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400 && !isWindowProbe(response.url())) pageErrors.push(`HTTP ${response.status()} for ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !isWindowProbe(message.location().url)) pageErrors.push(`${message.text()} (${message.location().url})`);
  });
  return {
    page,
    context,
    vaultDir,
    modelServer,
    playground,
    pageErrors,
    async open(search = '') {
      await page.goto(new URL(search, playground.url).href);
      await page.waitForSelector('[data-playground-ready="true"]', { timeout: 20000 });
      // The tests ask about the notes: they start once the index is open, as a user who waits a
      // moment would (before that a run gets no vault tools, only a notice).
      await page.evaluate(() => window.glassboxPlayground!.indexSettled());
    },
    async close() {
      await context.close().catch(() => undefined);
      await playground.close();
      await modelServer.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

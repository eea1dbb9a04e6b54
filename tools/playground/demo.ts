import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, languageOf } from '../../src/i18n';
import { startModelServer, type ModelServer } from '../model-server';
import { buildPlayground, REPO_ROOT } from './build';
import { endpointFromEnvironment, FIRST_RUN_ORIGIN, firstRunPluginData, playgroundPluginData } from './plugin-data';
import { isLoopbackHost } from './network-access';
import { startPlaygroundServer } from './server';

/** Command-line options of `npm run demo`. */
export interface DemoOptions {
  readonly vault: string;
  readonly port: number;
  readonly host: string;
  /** `--allow-network`: listening beyond loopback is allowed (the URL then carries a token). */
  readonly allowNetwork: boolean;
  /** Milliseconds between the scripted model's stream chunks (slow enough to watch the block work). */
  readonly chunkDelayMs: number;
  /** `--lang CODE`: the app language the page's Obsidian reports, as if Obsidian were set to it. */
  readonly language: string;
  /** `--first-run`: no endpoint set; "Find a local model" finds the scripted server at llama.cpp's port. */
  readonly firstRun: boolean;
}

const USAGE = `Usage: npm run demo -- [--vault PATH] [--port N] [--host HOST [--allow-network]] [--chunk-delay MS] [--first-run] [--lang CODE]

Starts the Glassbox playground: the real plugin on a fake Obsidian host, in your browser.
  --vault PATH       folder of Markdown notes (default: demo-vault/); conversations are saved into it
  --port N           port of the page (default 5173)
  --host HOST        interface to listen on (default 127.0.0.1)
  --allow-network    needed for a --host other than loopback: anyone who reaches it could read and
                     write the vault, so the printed address then carries a secret token
  --chunk-delay MS   delay between the scripted model's stream chunks (default 45)
  --first-run        start with no endpoint set, as a fresh install: "Find a local model" finds the
                     scripted model at llama.cpp's address (http://127.0.0.1:8080, through the proxy)
  --lang CODE        Obsidian's language, as in Settings → General: ${LANGUAGES.join(', ')} (default en);
                     another code shows English, as in Obsidian
Set GLASSBOX_BASE_URL, GLASSBOX_API_KEY and GLASSBOX_MODEL to talk to a real OpenAI-compatible endpoint.
`;

/** Parses the demo's arguments; throws an Error with a one-line message on bad usage. */
export function parseDemoArguments(argv: readonly string[]): DemoOptions | 'help' {
  let vault = path.join(REPO_ROOT, 'demo-vault');
  let port = 5173;
  let host = '127.0.0.1';
  let chunkDelayMs = 45;
  let allowNetwork = false;
  let language = 'en';
  let firstRun = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    const value = (): string => {
      const next = argv[index + 1];
      if (next === undefined) throw new Error(`${argument} needs a value.`);
      index += 1;
      return next;
    };
    const integer = (text: string, name: string): number => {
      const parsed = Number(text);
      if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new Error(`${name} must be a whole number, got "${text}".`);
      return parsed;
    };
    switch (argument) {
      case '--vault':
        vault = path.resolve(value());
        break;
      case '--port':
        port = integer(value(), '--port');
        break;
      case '--host':
        host = value();
        break;
      case '--allow-network':
        allowNetwork = true;
        break;
      case '--first-run':
        firstRun = true;
        break;
      case '--chunk-delay':
        chunkDelayMs = integer(value(), '--chunk-delay');
        break;
      case '--lang':
        language = value();
        if (!/^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i.test(language)) throw new Error(`--lang takes a language code such as de or zh-CN, got "${language}".`);
        break;
      case '--help':
      case '-h':
        return 'help';
      default:
        throw new Error(`Unknown option "${argument}". Run "npm run demo -- --help" for the options.`);
    }
  }
  if (!existsSync(vault) || !statSync(vault).isDirectory()) throw new Error(`The vault folder "${vault}" does not exist.`);
  if (!isLoopbackHost(host) && !allowNetwork) throw new Error(`--host ${host} lets any machine that reaches it read and write the vault; add --allow-network to do it anyway (the printed address then carries a secret token).`);
  return { vault, port, host, allowNetwork, chunkDelayMs, firstRun, language };
}

/** Builds the page, starts the model server and the playground server, prints the URL, runs until Ctrl-C. */
async function main(): Promise<void> {
  const options = parseDemoArguments(process.argv.slice(2));
  if (options === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  process.stdout.write('Building the playground...\n');
  const staticDir = await buildPlayground();
  const external = endpointFromEnvironment(process.env, '');
  let modelServer: ModelServer | null = null;
  if (!external.external || options.firstRun) modelServer = await startModelServer({ defaultModel: 'extractive', chunkDelayMs: options.chunkDelayMs, ...(options.firstRun ? { contextWindow: 32768 } : {}) });
  const endpoint = endpointFromEnvironment(process.env, modelServer?.url ?? '');
  let playground;
  try {
    playground = await startPlaygroundServer({
      vaultDir: options.vault,
      staticDir,
      host: options.host,
      allowNetwork: options.allowNetwork,
      port: options.port,
      pluginData: options.firstRun ? firstRunPluginData() : playgroundPluginData(endpoint),
      language: options.language,
      proxyOrigins: [...new Set([new URL(endpoint.baseUrl).origin, ...(modelServer !== null ? [new URL(modelServer.url).origin] : [])])],
      ...(options.firstRun && modelServer !== null ? { proxyRedirects: { [FIRST_RUN_ORIGIN]: new URL(modelServer.url).origin } } : {}),
      proxyApiKey: endpoint.apiKey,
    });
  } catch (error) {
    await modelServer?.close();
    const code = (error as { code?: string }).code;
    throw new Error(code === 'EADDRINUSE' ? `Port ${options.port} is in use; pick another with --port.` : (error as Error).message);
  }
  process.stdout.write(
    [
      '',
      `  Glassbox playground: ${playground.url}`,
      `  vault:  ${options.vault}`,
      `  language: ${languageOf(options.language)}${languageOf(options.language) === options.language.toLowerCase() ? '' : ` (for --lang ${options.language})`}`,
      options.firstRun ? `  model:  none set; "Find a local model" finds the scripted one at ${FIRST_RUN_ORIGIN}/v1` : `  model:  ${endpoint.model} at ${endpoint.baseUrl}${endpoint.external ? '' : ' (scripted extractive model, no API key needed)'}`,
      '',
      '  Try: "What did we decide about pricing?"  ·  Ctrl-C stops.',
      '',
    ].join('\n'),
  );
  const stop = (): void => {
    process.stdout.write('\nStopping...\n');
    void Promise.all([playground.close(), modelServer?.close()]).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}

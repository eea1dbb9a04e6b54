import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act } from '@testing-library/react/pure';
import GlassboxPlugin from '../../../src/main';
import { createFakeApp, Menu, type App } from '../../../tools/fake-obsidian';
import { scenario, startModelServer, type ModelServer } from '../../../tools/model-server';
import manifestJson from '../../../manifest.json';
import { until } from '../../support/chat-view-harness';
import { vaultToolsOf } from '../../support/plugin-vault-tools';

// Traces beyond the chat in the plugin (DESIGN.md 13.5), through the fake host: Glassbox's commands
// on Obsidian's command line (a stand-in of registerCliHandler that calls the handler as the app
// does), "Which conversations used this note?", and each finished run's traces sent to a collector.

const ANSWER = 'Refunds take **14 days**, see [[Refund policy]].';

let server: ModelServer;
let collector: Server;
let collectorUrl = '';
let received: { url: string; body: string }[] = [];

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      reader: scenario()
        .turn((t) => t.toolCall('readNote', { path: 'Handbook/Refund policy.md' }))
        .turn((t) => t.text(ANSWER)),
    },
  });
  collector = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', body });
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => collector.close(() => resolve()));
});

beforeEach(() => {
  received = [];
});

async function load(settings: Record<string, unknown> = {}, Plugin: typeof GlassboxPlugin = GlassboxPlugin): Promise<{ app: App; plugin: GlassboxPlugin }> {
  const app = createFakeApp();
  await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ provider: 'custom', baseUrl: server.url, model: 'reader', apiKeySecretName: '', ...settings }));
  await app.vault.createFolder('Handbook');
  await app.vault.create('Handbook/Refund policy.md', '# Refund policy\n\nRefunds are paid within 14 days.\n');
  await app.vault.create('Welcome.md', '# Welcome\n\nStart here.\n');
  const plugin = await app.loadPlugin(Plugin, manifestJson);
  app.workspace.trigger('layout-ready');
  await vaultToolsOf(plugin).whenSettled();
  return { app, plugin };
}

async function cli(app: App, command: string, params: Record<string, string> = {}): Promise<string> {
  let output = '';
  await act(async () => {
    output = await app.runCli(command, params);
  });
  return output;
}

describe("Glassbox on Obsidian's command line", () => {
  it('registers glassbox:ask, search, inspect and doctor, which run inside the app with its settings, index and chat', async () => {
    const { app, plugin } = await load();
    expect([...app.cliHandlers.keys()]).toEqual(['glassbox:ask', 'glassbox:search', 'glassbox:inspect', 'glassbox:doctor']);

    const search = await cli(app, 'glassbox:search', { query: 'refunds' });
    expect(search).toMatch(/^1\. Refund policy \(Handbook\/Refund policy\.md\)/);
    expect(search).toMatch(/\n\d+ of 2 notes in [\d.]+ ms\.\n$/);
    const json = JSON.parse(await cli(app, 'glassbox:search', { query: 'refunds', json: 'true' })) as { results: { path: string }[] };
    expect(json.results[0]?.path).toBe('Handbook/Refund policy.md');

    const asked = await cli(app, 'glassbox:ask', { question: 'How long do refunds take?' });
    expect(asked.startsWith(ANSWER)).toBe(true);
    // The chat shows the run it made (its question and its steps).
    const chats = () => app.workspace.getLeavesOfType('glassbox-chat').map((leaf) => leaf.view.containerEl.textContent ?? '');
    await act(async () => until(() => chats().some((text) => text.includes('How long do refunds take?') && text.includes('Refund policy'))));
    await until(() => app.vault.getMarkdownFiles().some((file) => file.path.startsWith('Glassbox/Conversations/')));
    const note = app.vault.getMarkdownFiles().find((file) => file.path.startsWith('Glassbox/Conversations/'))?.path ?? '';

    const timeline = await cli(app, 'glassbox:inspect', { note });
    expect(timeline).toMatch(/^Run 1 · .* · complete · /);
    expect(timeline).toContain('Read Refund policy');
    const inspected = JSON.parse(await cli(app, 'glassbox:inspect', { note, json: 'true' })) as { messages: { role: string; text: string }[] };
    expect(inspected.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(inspected.messages[1]?.text).toBe(ANSWER);
    expect(await cli(app, 'glassbox:inspect', { note: 'Nowhere.md' })).toBe('Error: no note "Nowhere.md" in this vault.\n');

    const doctor = await cli(app, 'glassbox:doctor');
    expect(doctor).toContain(`✓ The server answers at ${server.url}.`);
    expect(doctor).toContain('✓ Model "reader" is on the server.');
    expect(doctor.trim().split('\n').at(-1)).toBe('A chat would work.');
    expect(await cli(app, 'glassbox:ask')).toBe('Error: missing required flag "question"');
    await act(async () => plugin.unload());
    expect(app.cliHandlers.size).toBe(0);
  });

  it('registers nothing, and loads, on an app older than 1.12.2 (no registerCliHandler)', async () => {
    class OnOlderApp extends GlassboxPlugin {
      override registerCliHandler = undefined as unknown as GlassboxPlugin['registerCliHandler'];
    }
    const { app, plugin } = await load({}, OnOlderApp);
    expect(app.cliHandlers.size).toBe(0);
    expect(app.commands.commands['glassbox:open-chat']).toBeDefined();
    await act(async () => plugin.unload());
  });
});

describe('Which conversations used this note?', () => {
  it("lists the runs that read the note, from the command and from the note's menu, and a row opens the conversation", async () => {
    const { app, plugin } = await load();
    await cli(app, 'glassbox:ask', { question: 'How long do refunds take?' });
    await until(() => app.vault.getMarkdownFiles().some((file) => file.path.startsWith('Glassbox/Conversations/')));
    const policy = app.vault.getFileByPath('Handbook/Refund policy.md');
    const welcome = app.vault.getFileByPath('Welcome.md');
    if (policy === null || welcome === null) throw new Error('notes missing');

    const menu = new Menu();
    app.workspace.trigger('file-menu', menu, policy, 'file-explorer');
    const item = menu.items.find((entry) => entry.title === 'Which conversations used this note?');
    expect(item).toBeDefined();
    await act(async () => {
      item?.click();
      await until(() => document.querySelector('.glassbox-runs-of-note') !== null);
    });
    const modal = document.querySelector('.glassbox-runs-of-note');
    expect(modal?.closest('.modal')?.querySelector('.modal-title')?.textContent).toBe('Conversations that used Refund policy');
    expect(modal?.textContent).toContain('1 run · 1 conversation');
    const open = modal?.querySelector<HTMLButtonElement>('.glassbox-runs-of-note-open');
    expect(open?.textContent).toBe('How long do refunds take?');
    expect(modal?.querySelector('.glassbox-runs-of-note-details')?.textContent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} · Answered$/);
    await act(async () => {
      open?.click();
      await Promise.resolve();
    });
    expect(document.querySelector('.glassbox-runs-of-note')).toBeNull();

    // A note no run read: the command says so.
    await act(async () => {
      await app.workspace.getLeaf(false).openFile(welcome, { active: true });
      app.commands.executeCommandById('glassbox:conversations-using-note');
      await until(() => document.querySelector('.glassbox-runs-of-note') !== null);
    });
    expect(document.querySelector('.glassbox-runs-of-note')?.textContent).toBe('No saved conversation read this note.');
    await act(async () => plugin.unload());
  });
});

describe('OpenTelemetry endpoint in the settings', () => {
  it('sends each finished run once, as OTLP/JSON to /v1/traces, without what was said unless asked', async () => {
    const { app, plugin } = await load({ otlpEndpoint: collectorUrl });
    await cli(app, 'glassbox:ask', { question: 'How long do refunds take?' });
    await until(() => received.length === 1);
    expect(received[0]?.url).toBe('/v1/traces');
    expect(received[0]?.body).toContain('"invoke_agent Glassbox"');
    expect(received[0]?.body).toContain('"execute_tool readNote"');
    expect(received[0]?.body).not.toContain('refunds');
    // A second run in another chat: only its own traces go.
    await cli(app, 'glassbox:ask', { question: 'And how are refunds paid?' });
    await until(() => received.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toHaveLength(2);
    await act(async () => plugin.unload());
  });

  it('sends nothing while no endpoint is set', async () => {
    const { app, plugin } = await load();
    await cli(app, 'glassbox:ask', { question: 'How long do refunds take?' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toHaveLength(0);
    await act(async () => plugin.unload());
  });
});

import { act } from '@testing-library/react/pure';
import GlassboxPlugin from '../../../src/main';
import { runAgent } from '../../../src/agent/run-agent';
import { ChatController } from '../../../src/chat';
import { GENERIC_ERROR_ADVICE, LlmModelNotFoundError } from '../../../src/llm';
import type { ChatView } from '../../../src/obsidian/chat/chat-view';
import { pluginErrorAdvice } from '../../../src/obsidian/chat/plugin-error-advice';
import { parseAssistantContent } from '../../../src/markers';
import { setUiLanguage } from '../../../src/i18n';
import { createFakeApp, setFakeLanguage } from '../../../tools/fake-obsidian';
import { scenario, startModelServer, type ModelServer } from '../../../tools/model-server';
import manifestJson from '../../../manifest.json';
import { sendMessage, until } from '../../support/chat-view-harness';

// Issue 27 item 6, issue 29: an error line the plugin shows (the chat's error line, the trace's
// notice, the saved note) is in the UI's language from end to end: the problem and what fixes it,
// never a German problem followed by English advice.

let server: ModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  setFakeLanguage('en');
  setUiLanguage('en');
});

/** Any English advice an error line could end in: the errors' host-neutral words or the plugin's English table. */
const ENGLISH_ADVICE = /Check (it|the)|Glassbox settings|correct it|Choose or create|ask a shorter question|The run (failed|took)|could not be saved/;

async function germanChat(data: Record<string, unknown>, options: { syncedFrom?: ReturnType<typeof createFakeApp> } = {}) {
  setFakeLanguage('de');
  const app = createFakeApp(options.syncedFrom ? { syncedFrom: options.syncedFrom } : {});
  await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify(data));
  const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
  await act(async () => {
    await plugin.activateChatView();
  });
  const view = app.workspace.getLeavesOfType('glassbox-chat')[0].view as unknown as ChatView;
  return { app, view, errorLine: () => view.contentEl.querySelector('[data-testid="chat-error"]')?.textContent ?? null };
}

describe('error lines in the UI’s language (German plugin)', () => {
  it('a key not set on this device: the whole line is German, advice included', async () => {
    const first = createFakeApp();
    first.secretStorage.setSecret('glassbox-api-key', 'sk-first-device');
    await first.vault.adapter.write(`${first.vault.configDir}/plugins/${manifestJson.id}/data.json`, '{}');
    const { app, view, errorLine } = await germanChat({ provider: 'openai', baseUrl: 'https://api.openai.invalid/v1', model: 'gpt-4o-mini', apiKeySecretName: 'glassbox-api-key' }, { syncedFrom: first });
    await sendMessage(view.contentEl, 'Wie lange dauern Erstattungen?');
    await until(() => errorLine() !== null);
    expect(errorLine()).toContain('Der API-Schlüssel „glassbox-api-key“ ist auf diesem Gerät nicht gesetzt. Wähle oder erstelle ihn in den Glassbox-Einstellungen.');
    expect(errorLine()).not.toMatch(ENGLISH_ADVICE);
    await act(async () => app.unloadPlugin(manifestJson.id));
  });

  it('a base URL without http(s)://: German', async () => {
    const { app, view, errorLine } = await germanChat({ provider: 'custom', baseUrl: 'localhost:11434/v1', model: 'qwen3', apiKeySecretName: '' });
    await sendMessage(view.contentEl, 'Wie lange dauern Erstattungen?');
    await until(() => errorLine() !== null);
    expect(errorLine()).toContain('Die Basis-URL „localhost:11434/v1“ ist keine vollständige http://- oder https://-Adresse; korrigiere sie in den Glassbox-Einstellungen.');
    expect(errorLine()).not.toMatch(ENGLISH_ADVICE);
    await act(async () => app.unloadPlugin(manifestJson.id));
  });

  it('a model the server does not know: the error line and the saved note say the problem and the fix in German', async () => {
    server = await startModelServer({ scenarios: { 'no-such-model': scenario().turn((t) => t.httpError(404, 'model "no-such-model" not found')) } });
    const { app, view } = await germanChat({ provider: 'custom', baseUrl: server.url, model: 'no-such-model', apiKeySecretName: '' });
    await sendMessage(view.contentEl, 'Wie lange dauern Erstattungen?');
    await until(() => !view.controller.store.getState().running && (view.contentEl.textContent ?? '').includes('Glassbox-Einstellungen'));
    const sentence = `Das Modell „no-such-model“ wurde bei ${new URL(server.url).host} nicht gefunden. Prüfe den Modellnamen in den Glassbox-Einstellungen.`;
    // Once, in the run's trace (issue 38 item 11).
    expect(view.contentEl.textContent.split(sentence).length - 1).toBe(1);
    // What the note keeps: the run's error and its trace notice.
    const saved = parseAssistantContent(view.controller.conversation().messages.at(-1)!.content).reasoning;
    expect(saved).toMatchObject({ status: 'error', error: sentence });
    // The trace's notice is the same line, clamped to a summary's length.
    const notice = saved?.steps.at(-1);
    expect(notice?.kind).toBe('notice');
    expect(sentence.startsWith(notice!.summary.replace(/…$/, ''))).toBe(true);
    expect(notice?.summary).not.toMatch(ENGLISH_ADVICE);
    await act(async () => app.unloadPlugin(manifestJson.id));
  });
});

describe('an error met before the run (Japanese UI)', () => {
  it('an error that names its fix gets the host’s advice, not the errors’ English one', async () => {
    setUiLanguage('ja');
    const controller = new ChatController({
      prepareRun: () => Promise.reject(new LlmModelNotFoundError({ model: 'qwen3', baseUrl: 'http://127.0.0.1:11434/v1' })),
      runAgent,
      model: 'qwen3',
      loopStyle: 'tools',
      maxIterations: 5,
      errorAdvice: pluginErrorAdvice(),
      scheduleFrame: (callback) => setTimeout(callback, 0),
    });
    await controller.send('返金にはどれくらいかかりますか？');
    await until(() => controller.store.getState().error !== null);
    const error = controller.store.getState().error;
    expect(error).toBe('127.0.0.1:11434 にモデル「qwen3」が見つかりませんでした。 Glassbox の設定でモデル名を確認してください。');
    expect(error).not.toContain(GENERIC_ERROR_ADVICE.model);
  });

  it('a save that fails says so in the UI’s language', async () => {
    setUiLanguage('ja');
    server = await startModelServer({ scenarios: { answer: scenario().turn((t) => t.text('14日です。')) } });
    const { createOpenAiChatModel } = await import('../../../src/llm');
    const url = server.url;
    const controller = new ChatController({
      prepareRun: () => Promise.resolve({ model: createOpenAiChatModel({ baseUrl: url, maxRetries: 0 }), tools: [] }),
      runAgent,
      model: 'answer',
      loopStyle: 'tools',
      maxIterations: 5,
      saver: { save: () => Promise.reject(new Error('EACCES: permission denied')) },
      scheduleFrame: (callback) => setTimeout(callback, 0),
    });
    await controller.send('返金にはどれくらいかかりますか？');
    await until(() => controller.store.getState().error !== null);
    expect(controller.store.getState().error).toBe('会話を保存できませんでした: EACCES: permission denied');
  });
});

import { runAgent } from '../../../src/agent/run-agent';
import { ChatController, orderedMessages } from '../../../src/chat';
import { parseAssistantContent } from '../../../src/markers';
import { createRunSetup } from '../../../src/obsidian/chat/run-setup';
import { loadGlassboxSettings } from '../../../src/settings';
import { createFakeApp } from '../../../tools/fake-obsidian';
import { scenario, startModelServer, type ModelServer } from '../../../tools/model-server';
import { sampleReadTool, sampleSearchTool } from '../../support/sample-agent-tools';
import { chatRequests } from '../../support/wire-messages';

// DESIGN.md 12.1: the plugin remembers a model the server refused tools for. The chat core and
// the plugin's run setup with the real runner and SDK over HTTP; Ollama's 400 "does not support tools".
const REFUSAL = 'registry.ollama.ai/library/gemma3:4b does not support tools';

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer({ scenarios: { 'gemma3:4b': scenario().turn((t) => t.httpError(400, REFUSAL, { onlyWithTools: true }).text('Fourteen days [[Refund policy]].')) } });
});
afterAll(() => server.close());

it('remembers the refusal in the settings, and the next question goes without tools at once', async () => {
  let saves = 0;
  const host = { settings: loadGlassboxSettings({ baseUrl: server.url, provider: 'custom' }), saveSettings: () => Promise.resolve(void saves++) };
  const prepare = createRunSetup({ app: createFakeApp() as never, settings: host, vaultTools: { current: () => ({ tools: [sampleSearchTool(), sampleReadTool()] }) } });
  const chat = new ChatController({ prepareRun: prepare, runAgent, model: 'gemma3:4b', loopStyle: 'tools', maxIterations: 4, scheduleFrame: (callback) => setTimeout(callback, 0) });

  await chat.send('How long do refunds take?');
  expect(host.settings.modelsWithoutTools).toEqual({ 'gemma3:4b': REFUSAL });
  expect(saves).toBe(1);
  expect(chatRequests(server).map((request) => request.body?.tools !== undefined)).toEqual([true, false]);

  await chat.send('And returns?');
  // One request, without tools, and the trace says why.
  expect(chatRequests(server).map((request) => request.body?.tools !== undefined)).toEqual([true, false, false]);
  const last = orderedMessages(chat.store.current()).at(-1);
  const answer = parseAssistantContent(last?.content ?? '');
  expect(answer.text).toBe('Fourteen days [[Refund policy]].');
  expect(answer.reasoning?.steps[0]?.summary).toBe('This model cannot use tools (remembered), so Glassbox searched your notes for it');
  chat.dispose();
});

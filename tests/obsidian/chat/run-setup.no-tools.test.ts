import { runAgent } from '../../../src/agent/run-agent';
import { ChatController, orderedMessages } from '../../../src/chat';
import { parseAssistantContent } from '../../../src/markers';
import { createRunSetup } from '../../../src/obsidian/chat/run-setup';
import { ChatSessions } from '../../../src/obsidian/workspace/chat-sessions';
import { loadGlassboxSettings } from '../../../src/settings';
import { createFakeApp } from '../../../tools/fake-obsidian';
import { scenario, startModelServer, type ModelServer } from '../../../tools/model-server';
import { sampleReadTool, sampleSearchTool } from '../../support/sample-agent-tools';
import { chatRequests } from '../../support/wire-messages';

// DESIGN.md 12.1, 13.2: the plugin remembers a model the server refused tools for; the run only reports it, the session keeps it. The chat core and
// the plugin's run setup with the real runner and SDK over HTTP; Ollama's 400 "does not support tools".
const REFUSAL = 'registry.ollama.ai/library/gemma3:4b does not support tools';

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer({ scenarios: { 'gemma3:4b': scenario().turn((t) => t.httpError(400, REFUSAL, { onlyWithTools: true }).text('Fourteen days [[Refund policy]].')) } });
});
afterAll(() => server.close());

it('the run only reports the refusal: the session keeps it, the plugin remembers it in the settings, and the next question goes without tools at once', async () => {
  let saves = 0;
  const host = { settings: loadGlassboxSettings({ baseUrl: server.url, provider: 'custom', model: 'gemma3:4b', loopStyle: 'tools', maxIterations: 4 }), saveSettings: () => Promise.resolve(void saves++) };
  const prepare = createRunSetup({ app: createFakeApp() as never, settings: host, vaultTools: { current: () => ({ tools: [sampleSearchTool(), sampleReadTool()] }) } });

  // A run with no session around it writes no setting: the refusal is an event, not a write.
  const bare = new ChatController({ prepareRun: prepare, runAgent, model: 'gemma3:4b', loopStyle: 'tools', maxIterations: 4, scheduleFrame: (callback) => setTimeout(callback, 0) });
  await bare.send('How long do refunds take?');
  expect(host.settings.modelsWithoutTools).toEqual({});
  expect(saves).toBe(0);
  bare.dispose();

  const sessions = new ChatSessions({ app: createFakeApp() as never, settings: host, prepareRun: prepare, runAgent, scheduleFrame: (callback) => setTimeout(callback, 0) });
  const session = sessions.create();
  const requestsBefore = chatRequests(server).length;
  await session.controller.send('How long do refunds take?');
  expect([...session.toolsRefused()]).toEqual([['gemma3:4b', REFUSAL]]);
  expect(host.settings.modelsWithoutTools).toEqual({ 'gemma3:4b': REFUSAL });
  expect(saves).toBe(1);
  expect(chatRequests(server).slice(requestsBefore).map((request) => request.body?.tools !== undefined)).toEqual([true, false]);

  await session.controller.send('And returns?');
  // One request, without tools, and the trace says why.
  expect(chatRequests(server).slice(requestsBefore).map((request) => request.body?.tools !== undefined)).toEqual([true, false, false]);
  const last = orderedMessages(session.controller.store.current()).at(-1);
  const answer = parseAssistantContent(last?.content ?? '');
  expect(answer.text).toBe('Fourteen days [[Refund policy]].');
  expect(answer.reasoning?.steps[0]?.summary).toBe('This model cannot use tools (remembered), so Glassbox searched your notes for it');
  sessions.dispose();
});

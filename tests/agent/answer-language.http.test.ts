import { runAgent } from '../../src/agent/run-agent';
import { setUiLanguage } from '../../src/i18n';
import { createOpenAiChatModel } from '../../src/llm';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { chatRequests, messagesSent } from '../support/wire-messages';

// DESIGN.md 12.4: the model answers in the language of the question, whatever the UI's language.
// The real openai SDK over HTTP to the scripted server; the system message is read as it arrived.

let server: ModelServer;

beforeAll(async () => {
  server = await startModelServer({ scenarios: { answer: scenario().turn((t) => t.text('Vierzehn Tage.')) } });
});

afterAll(async () => {
  setUiLanguage('en');
  await server.close();
});

it('asks the model to answer in the language of the question, not the UI’s', async () => {
  setUiLanguage('ja');
  const result = await runAgent({
    model: createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }),
    modelName: 'answer',
    tools: [],
    question: 'Wie lange dauern Erstattungen?',
    history: [],
    signal: new AbortController().signal,
    onEvent: () => undefined,
    runId: 'r1',
  });
  expect(result.status).toBe('complete');
  const [system, question] = messagesSent(chatRequests(server)[0]);
  expect(system.role).toBe('system');
  expect(system.content).toContain('Answer in Markdown, in the language of the question.');
  expect(system.content).not.toMatch(/Japanese|日本語/);
  expect(question.content).toContain('Wie lange dauern Erstattungen?');
});

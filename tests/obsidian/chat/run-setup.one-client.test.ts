import { createRunSetup } from '../../../src/obsidian/chat/run-setup';
import { loadGlassboxSettings } from '../../../src/settings';
import { createFakeApp } from '../../../tools/fake-obsidian';
import { scenario, startModelServer } from '../../../tools/model-server';
import { collectStream } from '../../support/collect-llm-stream';

// DESIGN.md 13.2: the model client is made once per settings change, not per run or per attempt.
// The real SDK, counted: every client it constructs goes through this subclass.
const constructed = { clients: 0 };
jest.mock('openai', () => {
  const actual = jest.requireActual<typeof import('openai')>('openai');
  class CountedOpenAI extends actual.default {
    constructor(...args: ConstructorParameters<typeof actual.default>) {
      super(...args);
      constructed.clients += 1;
    }
  }
  return { __esModule: true, ...actual, default: CountedOpenAI, OpenAI: CountedOpenAI };
});

describe('the plugin makes one model client', () => {
  it('two runs and a retried attempt go through one SDK client; a settings change makes the next one', async () => {
    // The first request fails once with a 503 and is retried; then every request answers.
    const server = await startModelServer({ scenarios: { busy: scenario().turn((t) => t.text('Answered').httpError(503, 'Busy', { times: 1 })) } });
    try {
      const host = { settings: loadGlassboxSettings({ baseUrl: server.url, provider: 'custom', apiKeySecretName: '' }), saveSettings: () => Promise.resolve() };
      const prepare = createRunSetup({ app: createFakeApp() as never, settings: host, vaultTools: { current: () => ({ tools: [] }) } });
      const before = constructed.clients;

      const first = await collectStream((await prepare('busy')).model, { model: 'busy' });
      const second = await collectStream((await prepare('busy')).model, { model: 'busy' });
      expect([first.text, second.text]).toEqual(['Answered', 'Answered']);
      expect(first.deltas.some((delta) => delta.type === 'retry')).toBe(true);
      expect(server.requests.filter((request) => request.path.endsWith('/chat/completions'))).toHaveLength(3);
      expect(constructed.clients - before).toBe(1);

      host.settings.responseTimeoutSeconds = 30;
      await collectStream((await prepare('busy')).model, { model: 'busy' });
      expect(constructed.clients - before).toBe(2);
    } finally {
      await server.close();
    }
  });
});

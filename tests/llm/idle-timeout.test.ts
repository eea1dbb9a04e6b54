import { createOpenAiChatModel, LlmTimeoutError } from '../../src/llm';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { collectStream } from '../support/collect-llm-stream';
import { startWrongEndpoints, type WrongEndpoints } from '../support/wrong-endpoints';

let server: ModelServer;
let wrong: WrongEndpoints;

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      stalls: scenario().turn((t) => t.text('The first half').pause(10_000).text(' never comes.')),
      steady: scenario().turn((t) => t.text('A slow answer, one small piece at a time, that takes longer than the timeout in total.', { chunkChars: 3 }).delay(40)),
    },
  });
  wrong = await startWrongEndpoints();
});

afterAll(async () => {
  await Promise.all([server.close(), wrong.close()]);
});

describe('the idle timeout (longest wait for the next byte)', () => {
  it('ends a stalled stream with LlmTimeoutError, keeping what streamed before', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, idleTimeoutMs: 500 }), { model: 'stalls' });
    expect(result.text).toBe('The first half');
    expect(result.error).toBeInstanceOf(LlmTimeoutError);
    expect((result.error as LlmTimeoutError).userMessage).toBe(
      `${new URL(server.url).host} sent nothing for 0.5 seconds, so Glassbox stopped waiting; raise the response timeout if the model is just slow.`,
    );
  });

  it('ends a call whose server never sends headers', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: wrong.silent, idleTimeoutMs: 500, retryBaseDelayMs: 1 }), { model: 'm' });
    expect(result.deltas).toEqual([]);
    expect(result.error).toBeInstanceOf(LlmTimeoutError);
    expect((result.error as LlmTimeoutError).baseUrl).toBe(wrong.silent);
  });

  it('never cuts a slow but steady stream: the wait restarts with every piece', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, idleTimeoutMs: 1000 }), { model: 'steady' });
    expect(result.error).toBeUndefined();
    expect(result.text).toBe('A slow answer, one small piece at a time, that takes longer than the timeout in total.');
    expect(result.finish).toBe('stop');
  });
});

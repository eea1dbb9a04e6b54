import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAiChatModel, LlmRedirectError } from '../../src/llm';
import { createDesktopFetch } from '../../src/obsidian/network/desktop-fetch';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { collectStream } from '../support/collect-llm-stream';

// Issue 36 item 5: a 307 re-sent the whole chat body, note passages included, to another host.
// Two loopback servers on different ports are two origins: the first redirects, the second
// records what reaches it. The CLI's fetch (the global one) and the plugin's desktop fetch.

let model: ModelServer;
let other: Server;
let otherUrl: string;
const reachedOther: string[] = [];
let redirecting: Server;
let redirectingUrl: string;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (piece: Buffer) => (text += piece.toString()));
    request.on('end', () => resolve(text));
  });
}

beforeAll(async () => {
  model = await startModelServer({ scenarios: { answer: scenario().turn((t) => t.text('Refunds take 14 days.')) } });
  other = createServer((request, response) => {
    void readBody(request).then((body) => {
      reachedOther.push(body);
      response.writeHead(500).end();
    });
  });
  otherUrl = await listen(other);
  // `/away/…` redirects to the other origin, `/here/…` to `/v1/…` on this same origin, which
  // passes the request on to the scripted server and its answer back.
  redirecting = createServer((request, response) => {
    void readBody(request).then(async (body) => {
      if (request.url?.startsWith('/away/')) return void response.writeHead(307, { location: `${otherUrl}/v1/chat/completions` }).end();
      if (request.url?.startsWith('/here/')) return void response.writeHead(307, { location: '/v1/chat/completions' }).end();
      const answer = await fetch(`${model.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  redirectingUrl = await listen(redirecting);
});

afterAll(async () => {
  await model.close();
  await Promise.all([new Promise((resolve) => other.close(resolve)), new Promise((resolve) => redirecting.close(resolve))]);
});

const fetches: [string, typeof fetch | undefined][] = [
  ['the global fetch (CLI)', undefined],
  ["the plugin's desktop fetch", createDesktopFetch({ isDesktop: true, require }) ?? undefined],
];

describe.each(fetches)('redirects through %s', (_name, fetchImpl) => {
  it('never sends the chat to another origin: the call fails saying where it was sent', async () => {
    reachedOther.length = 0;
    const baseUrl = `${redirectingUrl}/away/v1`;
    const result = await collectStream(createOpenAiChatModel({ baseUrl, retryBaseDelayMs: 1, ...(fetchImpl !== undefined ? { fetch: fetchImpl } : {}) }), { model: 'answer' });
    expect(reachedOther).toEqual([]);
    expect(result.error).toBeInstanceOf(LlmRedirectError);
    expect((result.error as LlmRedirectError).userMessage).toBe(
      `${new URL(redirectingUrl).host} redirected the request to ${otherUrl}, another server; Glassbox follows redirects only within the base URL’s own origin, so nothing was sent there. Set the base URL to the server you mean.`,
    );
  });

  it('follows a redirect within the same origin', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: `${redirectingUrl}/here/v1`, maxRetries: 0, ...(fetchImpl !== undefined ? { fetch: fetchImpl } : {}) }), { model: 'answer' });
    expect(result).toMatchObject({ text: 'Refunds take 14 days.', finish: 'stop', error: undefined });
  });
});

/**
 * @jest-environment node
 */
// Real sockets: the fake renderer fetch (Chromium's CORS rules, Obsidian's origin) and Node's http
// against the scripted model server, through the real openai SDK client.
import * as http from 'node:http';
import * as https from 'node:https';
import { createOpenAiChatModel } from '../../../src/llm';
import { LlmNetworkError } from '../../../src/llm/errors';
import { createChatFetch } from '../../../src/obsidian/network/chat-fetch';
import { createDesktopFetch } from '../../../src/obsidian/network/desktop-fetch';
import { createRendererFetch } from '../../../tools/fake-obsidian/renderer-fetch';
import { scenario, startModelServer, type ModelServer } from '../../../tools/model-server';

const messages = [{ role: 'user' as const, content: 'hi' }];
const scenarios = { hello: scenario().turn((t) => t.text('Hello.')) };

/** Node's http as the desktop renderer's require gives it, counting requests. */
function countingNodeFetch(): { fetch: typeof fetch; requests: () => number } {
  let requests = 0;
  const created = createDesktopFetch({
    isDesktop: true,
    require: (id) => {
      requests += 1;
      return id === 'https' ? https : http;
    },
  });
  if (!created) throw new Error('expected a desktop fetch');
  return { fetch: created, requests: () => requests };
}

async function answer(baseUrl: string, chatFetch: typeof fetch, apiKey = 'sk-test'): Promise<string> {
  const model = createOpenAiChatModel({ baseUrl, apiKey, fetch: chatFetch, maxRetries: 0 });
  let text = '';
  for await (const delta of model.stream({ model: 'hello', messages }, new AbortController().signal)) {
    if (delta.type === 'text') text += delta.text;
  }
  return text;
}

describe('createChatFetch (desktop)', () => {
  let allowing: ModelServer;
  let refusing: ModelServer;
  beforeAll(async () => {
    allowing = await startModelServer({ scenarios });
    refusing = await startModelServer({ scenarios, cors: false });
  });
  afterAll(async () => {
    await allowing.close();
    await refusing.close();
  });

  it("streams through the renderer's fetch when the server allows Obsidian's origin, without touching Node", async () => {
    const node = countingNodeFetch();
    const before = allowing.requests.length;
    expect(await answer(allowing.url, createChatFetch({ rendererFetch: createRendererFetch(), nodeFetch: node.fetch }))).toBe('Hello.');
    expect(node.requests()).toBe(0);
    expect(allowing.requests.slice(before).map((request) => [request.method, request.headers.origin])).toEqual([
      ['OPTIONS', 'app://obsidian.md'],
      ['POST', 'app://obsidian.md'],
    ]);
  });

  it('reaches a server behind the system proxy, which only the renderer uses', async () => {
    const node = countingNodeFetch();
    const rendererFetch = createRendererFetch({ proxyRoutes: { 'models.corp.invalid': new URL(allowing.url).origin } });
    expect(await answer('http://models.corp.invalid/v1', createChatFetch({ rendererFetch, nodeFetch: node.fetch }))).toBe('Hello.');
    expect(node.requests()).toBe(0);
  });

  it('falls back to Node when CORS refuses the origin, sends the question once, and goes to Node directly afterwards', async () => {
    const node = countingNodeFetch();
    const chatFetch = createChatFetch({ rendererFetch: createRendererFetch(), nodeFetch: node.fetch });
    const before = refusing.requests.length;
    expect(await answer(refusing.url, chatFetch)).toBe('Hello.');
    expect(await answer(refusing.url, chatFetch)).toBe('Hello.');
    // The refused preflight kept the first POST from the renderer; no question was sent twice.
    expect(refusing.requests.slice(before).map((request) => [request.method, request.headers.origin])).toEqual([
      ['OPTIONS', 'app://obsidian.md'],
      ['POST', undefined],
      ['POST', undefined],
    ]);
  });

  it('says which failure it was when neither way gets through', async () => {
    const chatFetch = createChatFetch({ rendererFetch: createRendererFetch(), nodeFetch: countingNodeFetch().fetch });
    const closed = await startModelServer({ scenarios });
    await closed.close();
    const refused = answer(closed.url, chatFetch);
    await expect(refused).rejects.toBeInstanceOf(LlmNetworkError);
    await expect(refused).rejects.toMatchObject({ userMessage: `Nothing is listening at ${new URL(closed.url).host} (connection refused). Check that the server is running and that the port is right.` });
    await expect(answer('http://models.corp.invalid/v1', chatFetch)).rejects.toMatchObject({
      userMessage: expect.stringMatching(/^The host models\.corp\.invalid could not be found\. .*allow the origin app:\/\/obsidian\.md/),
    });
  });

  it("keeps the renderer's fetch alone on mobile (no Node)", async () => {
    const rendererFetch = createRendererFetch();
    expect(createChatFetch({ rendererFetch, nodeFetch: null })).toBe(rendererFetch);
  });
});

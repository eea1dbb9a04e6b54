/**
 * @jest-environment node
 */
// Plain Node (as the brief's desktop renderer has Node's require): the fetch runs over real
// loopback HTTP, through the real openai SDK client, against the scripted model server.
import * as http from 'node:http';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAiChatModel, type LlmDelta } from '../../../src/llm';
import { LlmAbortError, LlmAuthError, LlmNetworkError, LlmServerError, LlmStreamError } from '../../../src/llm/errors';
import { createDesktopFetch } from '../../../src/obsidian/network/desktop-fetch';
import { scenario, startModelServer, type ModelServer } from '../../../tools/model-server';
import { gate } from '../../support/gate';

const messages = [{ role: 'user' as const, content: 'hi' }];

/** Node's require, recording what was required and when each response body ended. */
function recordingRequire(): { require: (id: string) => unknown; required: string[]; bodyEnded: () => boolean } {
  const required: string[] = [];
  let ended = false;
  const nodeRequire = (id: string): unknown => {
    required.push(id);
    if (id !== 'http') throw new Error(`unexpected require of ${id}`);
    return {
      request: (...args: Parameters<typeof http.request>) => {
        const request = http.request(...args);
        request.on('response', (response: IncomingMessage) => response.on('end', () => (ended = true)));
        return request;
      },
    };
  };
  return { require: nodeRequire, required, bodyEnded: () => ended };
}

function desktopFetch(nodeRequire: (id: string) => unknown = require): typeof fetch {
  const created = createDesktopFetch({ isDesktop: true, require: nodeRequire });
  if (!created) throw new Error('expected a desktop fetch');
  return created;
}

async function collect(stream: AsyncIterable<LlmDelta>, onDelta: (delta: LlmDelta) => void = () => {}): Promise<string> {
  let text = '';
  for await (const delta of stream) {
    onDelta(delta);
    if (delta.type === 'text') text += delta.text;
  }
  return text;
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('createDesktopFetch', () => {
  let modelServer: ModelServer;
  /** Hold the two streams after their first part until the test has looked (or for good). */
  const secondPart = gate();
  const afterThePause = gate();
  beforeAll(async () => {
    modelServer = await startModelServer({
      scenarios: {
        paused: scenario().turn((t) => t.text('First part.', { chunkChars: 100 }).hold(secondPart.opened).text(' Second part.', { chunkChars: 100 })),
        'long-pause': scenario().turn((t) => t.text('Before the pause.', { chunkChars: 100 }).hold(afterThePause.opened).text(' After the pause.')),
        cut: scenario().turn((t) => t.text('Half an answer').cut()),
        unauthorized: scenario().turn((t) => t.httpError(401, 'Invalid API key provided')),
        broken: scenario().turn((t) => t.httpError(500, 'The engine overheated')),
        hello: scenario().turn((t) => t.text('Hello.')),
      },
    });
  });
  afterAll(() => {
    afterThePause.open();
    return modelServer.close();
  });

  it('is null on mobile or without a require, and requires no Node module before the first request', async () => {
    expect(createDesktopFetch({ isDesktop: false, require })).toBeNull();
    expect(createDesktopFetch({ isDesktop: true })).toBeNull(); // jest's module scope has no global require
    const recording = recordingRequire();
    const fetchFunction = desktopFetch(recording.require);
    expect(recording.required).toEqual([]);
    await collect(createOpenAiChatModel({ baseUrl: modelServer.url, fetch: fetchFunction }).stream({ model: 'hello', messages }, new AbortController().signal));
    expect(recording.required).toEqual(['http']);
  });

  it('streams: the first delta arrives while the server is still pausing mid-answer', async () => {
    const recording = recordingRequire();
    const model = createOpenAiChatModel({ baseUrl: modelServer.url, fetch: desktopFetch(recording.require) });
    let bodyEndedAtFirstDelta: boolean | undefined;
    const text = await collect(model.stream({ model: 'paused', messages }, new AbortController().signal), (delta) => {
      if (delta.type !== 'text' || bodyEndedAtFirstDelta !== undefined) return;
      bodyEndedAtFirstDelta = recording.bodyEnded();
      secondPart.open();
    });
    expect(bodyEndedAtFirstDelta).toBe(false);
    expect(recording.bodyEnded()).toBe(true);
    expect(text).toBe('First part. Second part.');
  });

  it('sends the POST body and the Authorization header to the server', async () => {
    const before = modelServer.requests.length;
    const model = createOpenAiChatModel({ baseUrl: modelServer.url, apiKey: 'sk-desktop', fetch: desktopFetch() });
    await collect(model.stream({ model: 'hello', messages: [{ role: 'user', content: 'What is in my notes?' }] }, new AbortController().signal));
    const recorded = modelServer.requests.slice(before);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions', headers: { authorization: 'Bearer sk-desktop' } });
    expect(recorded[0].body).toMatchObject({ model: 'hello', stream: true, messages: [{ role: 'user', content: 'What is in my notes?' }] });
  });

  it('stops mid-stream on abort with the abort error, and nothing after the pause arrives', async () => {
    const recording = recordingRequire();
    const model = createOpenAiChatModel({ baseUrl: modelServer.url, fetch: desktopFetch(recording.require) });
    const controller = new AbortController();
    const texts: string[] = [];
    const run = collect(model.stream({ model: 'long-pause', messages }, controller.signal), (delta) => {
      if (delta.type === 'text') {
        texts.push(delta.text);
        controller.abort();
      }
    });
    await expect(run).rejects.toBeInstanceOf(LlmAbortError);
    expect(texts).toEqual(['Before the pause.']);
    expect(recording.bodyEnded()).toBe(false);
  });

  it('maps 401 and 500 answers to the auth and server errors with the provider message', async () => {
    const model = createOpenAiChatModel({ baseUrl: modelServer.url, fetch: desktopFetch(), maxRetries: 0 });
    const signal = new AbortController().signal;
    await expect(collect(model.stream({ model: 'unauthorized', messages }, signal))).rejects.toEqual(expect.objectContaining({ constructor: LlmAuthError, status: 401, providerMessage: 'Invalid API key provided' }));
    await expect(collect(model.stream({ model: 'broken', messages }, signal))).rejects.toEqual(expect.objectContaining({ constructor: LlmServerError, status: 500, providerMessage: 'The engine overheated' }));
  });

  it('reports a connection cut mid-body as a broken stream', async () => {
    const model = createOpenAiChatModel({ baseUrl: modelServer.url, fetch: desktopFetch(), maxRetries: 0 });
    await expect(collect(model.stream({ model: 'cut', messages }, new AbortController().signal))).rejects.toBeInstanceOf(LlmStreamError);
  });

  it('rejects a refused connection with a TypeError, which the client reports as a network error', async () => {
    const { server, url } = await listen(() => {});
    await close(server);
    await expect(desktopFetch()(`${url}/v1/models`)).rejects.toBeInstanceOf(TypeError);
    const model = createOpenAiChatModel({ baseUrl: `${url}/v1`, fetch: desktopFetch(), maxRetries: 0 });
    await expect(collect(model.stream({ model: 'hello', messages }, new AbortController().signal))).rejects.toBeInstanceOf(LlmNetworkError);
  });

  it('tries localhost again on 127.0.0.1 when the system resolves it to ::1 first and the server listens on IPv4 only', async () => {
    const hosts: string[] = [];
    const { server, url } = await listen((request, response) => {
      hosts.push(request.headers.host ?? '');
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ollama is running');
    });
    try {
      // As on a system whose hosts file lists ::1 first: Node (17+) keeps that order.
      const ipv6First = (id: string): unknown => {
        if (id !== 'http') throw new Error(`unexpected require of ${id}`);
        return {
          request: (target: string, options: http.RequestOptions) =>
            http.request(target, {
              ...options,
              lookup: ((hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
                if (hostname !== 'localhost') throw new Error(`unexpected lookup of ${hostname}`);
                if (lookupOptions.all) callback(null, [{ address: '::1', family: 6 }]);
                else callback(null, '::1', 6);
              }) as unknown as http.RequestOptions['lookup'],
            }),
        };
      };
      const port = new URL(url).port;
      const response = await desktopFetch(ipv6First)(`http://localhost:${port}/`);
      expect(await response.text()).toBe('ollama is running');
      expect(hosts).toEqual([`localhost:${port}`]);
    } finally {
      await close(server);
    }
  });

  it('rejects with an AbortError when aborted before the headers arrive', async () => {
    let requestArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (requestArrived = resolve));
    const { server, url } = await listen(() => requestArrived()); // never answers
    try {
      const controller = new AbortController();
      const pending = desktopFetch()(`${url}/slow`, { signal: controller.signal });
      await arrived;
      controller.abort();
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
      await expect(desktopFetch()(`${url}/slow`, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      await close(server);
    }
  });

  it('errors the body with an AbortError when aborted after the headers, and closes the connection', async () => {
    let serverSawClose!: () => void;
    const closed = new Promise<void>((resolve) => (serverSawClose = resolve));
    const { server, url } = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('first chunk');
      response.on('close', () => serverSawClose());
    });
    try {
      const controller = new AbortController();
      const response = await desktopFetch()(url, { signal: controller.signal });
      const reader = response.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toBe('first chunk');
      controller.abort();
      await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
      await closed;
    } finally {
      await close(server);
    }
  });

  it('follows a redirect keeping POST for 307, drops the key across origins, and returns it as is with redirect: manual', async () => {
    const { server, url } = await listen((_request, response) => {
      response.writeHead(307, { location: `${modelServer.url}/chat/completions` });
      response.end();
    });
    try {
      const before = modelServer.requests.length;
      // The chat model itself never follows it to another origin (issue 36: tests/llm/same-origin-redirects.test.ts).
      const model = createOpenAiChatModel({ baseUrl: `${url}/v1` /* another port: another origin */, apiKey: 'sk-secret', fetch: desktopFetch() });
      await expect(collect(model.stream({ model: 'hello', messages }, new AbortController().signal))).rejects.toThrow('redirected the request');
      expect(modelServer.requests.length).toBe(before);
      const followed = await desktopFetch()(`${url}/v1/chat/completions`, { method: 'POST', headers: { authorization: 'Bearer sk-secret', 'content-type': 'application/json' }, body: JSON.stringify({ model: 'hello', messages, stream: true }) });
      await followed.text();
      const recorded = modelServer.requests.slice(before);
      expect(recorded).toMatchObject([{ method: 'POST', body: { model: 'hello' } }]);
      expect(recorded[0].headers.authorization).toBeUndefined();
      const manual = await desktopFetch()(`${url}/anything`, { redirect: 'manual' });
      expect(manual.status).toBe(307);
      expect(manual.headers.get('location')).toBe(`${modelServer.url}/chat/completions`);
    } finally {
      await close(server);
    }
  });

  it('maps status and headers into a real Response with a null body for 204', async () => {
    const { server, url } = await listen((request, response) => {
      response.writeHead(request.url === '/empty' ? 204 : 418, 'I am a teapot', { 'x-glassbox': 'yes' });
      response.end(request.url === '/empty' ? undefined : 'short and stout');
    });
    try {
      const teapot = await desktopFetch()(`${url}/tea`);
      expect(teapot).toBeInstanceOf(Response);
      expect([teapot.status, teapot.statusText, teapot.ok, teapot.headers.get('x-glassbox'), teapot.url]).toEqual([418, 'I am a teapot', false, 'yes', `${url}/tea`]);
      expect(await teapot.text()).toBe('short and stout');
      const empty = await desktopFetch()(`${url}/empty`);
      expect([empty.status, empty.body]).toEqual([204, null]);
    } finally {
      await close(server);
    }
  });
});

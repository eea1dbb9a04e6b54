import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServerAnswers } from '../../../src/llm';
import { FakeClock } from '../../support/fake-clock';

// The memory the model list, the window discovery and doctor share (issue 30's leftover): what
// a loopback server was asked, counted.

let server: Server;
let url: string;
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (part: Buffer) => (body += part.toString('utf8')));
    request.on('end', () => {
      asked.push(`${request.method ?? ''} ${request.url ?? ''} ${body}`.trim());
      const found = request.url === '/props';
      response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(found ? { n_ctx: 4096 } : { error: 'not found' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  asked.length = 0;
});

describe('ServerAnswers', () => {
  it('asks an endpoint once while its answer is fresh, a pending answer shared, and again once it is not', async () => {
    const clock = new FakeClock();
    const answers = new ServerAnswers({ lifeMs: 60_000, now: clock.now });
    const [first, second] = await Promise.all([answers.ask(`${url}/props`, { timeoutMs: 2000 }), answers.ask(`${url}/props`, { timeoutMs: 2000 })]);
    expect(first).toEqual({ status: 200, body: { n_ctx: 4096 } });
    expect(second).toBe(first);
    clock.advance(59_000);
    await expect(answers.json(`${url}/props`, { timeoutMs: 2000 })).resolves.toEqual({ n_ctx: 4096 });
    expect(asked).toEqual(['GET /props']);
    clock.advance(1_000);
    await answers.ask(`${url}/props`, { timeoutMs: 2000 });
    expect(asked).toEqual(['GET /props', 'GET /props']);
  });

  it('keeps a 404 as an answer, and tells endpoints apart by body and key', async () => {
    const answers = new ServerAnswers();
    await expect(answers.ask(`${url}/api/tags`, { timeoutMs: 2000 })).resolves.toMatchObject({ status: 404 });
    await expect(answers.json(`${url}/api/tags`, { timeoutMs: 2000 })).resolves.toBeUndefined();
    await answers.ask(`${url}/api/show`, { timeoutMs: 2000, body: { model: 'a' } });
    await answers.ask(`${url}/api/show`, { timeoutMs: 2000, body: { model: 'b' } });
    await answers.ask(`${url}/api/show`, { timeoutMs: 2000, body: { model: 'a' } });
    await answers.ask(`${url}/api/tags`, { timeoutMs: 2000, apiKey: 'sk-other' });
    expect(asked).toEqual(['GET /api/tags', 'POST /api/show {"model":"a"}', 'POST /api/show {"model":"b"}', 'GET /api/tags']);
  });

  it('does not keep no answer: a server started since is asked again', async () => {
    const answers = new ServerAnswers();
    const refused: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    await expect(answers.ask(`${url}/props`, { timeoutMs: 2000, fetch: refused })).resolves.toBeUndefined();
    await expect(answers.json(`${url}/props`, { timeoutMs: 2000 })).resolves.toEqual({ n_ctx: 4096 });
    expect(asked).toEqual(['GET /props']);
  });
});

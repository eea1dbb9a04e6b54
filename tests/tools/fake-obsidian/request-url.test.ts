/** @jest-environment node */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestUrl, RequestUrlError } from '../../../tools/fake-obsidian';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (req.url === '/models') {
        res.writeHead(200, { 'content-type': 'application/json', 'x-served-by': 'test' });
        res.end(JSON.stringify({ data: [{ id: 'qwen3-8b' }] }));
      } else if (req.url === '/html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<h1>not json</h1>');
      } else if (req.url === '/bytes') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(Buffer.from([0, 1, 2, 255]));
      } else if (req.url === '/echo') {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ got: Buffer.concat(chunks).toString('utf8') }));
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"error":"no such route"}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
});

describe('fake requestUrl', () => {
  it('GETs a URL given as a string and returns status, headers, text and json', async () => {
    const response = await requestUrl(`${base}/models`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['x-served-by']).toBe('test');
    expect(response.text).toBe('{"data":[{"id":"qwen3-8b"}]}');
    expect(response.json).toEqual({ data: [{ id: 'qwen3-8b' }] });
    expect(new TextDecoder().decode(response.arrayBuffer)).toBe(response.text);
    expect(seen.map((request) => request.method)).toEqual(['GET']);
  });

  it('sends the method, headers, content type and body it is given', async () => {
    const response = await requestUrl({
      url: `${base}/echo`,
      method: 'POST',
      contentType: 'application/json',
      headers: { Authorization: 'Bearer sk-test' },
      body: '{"q":1}',
    });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({ got: '{"q":1}' });
    expect(seen[0].headers['authorization']).toBe('Bearer sk-test');
    expect(seen[0].headers['content-type']).toBe('application/json');
  });

  it('returns binary bodies intact as an ArrayBuffer', async () => {
    const response = await requestUrl({ url: `${base}/bytes` });
    expect([...new Uint8Array(response.arrayBuffer)]).toEqual([0, 1, 2, 255]);
  });

  it('has a json getter that throws on a body that is not JSON, while text still works', async () => {
    const response = await requestUrl(`${base}/html`);
    expect(response.text).toBe('<h1>not json</h1>');
    expect(() => response.json as unknown).toThrow(SyntaxError);
  });

  it('rejects on a status of 400 or more by default, with the status', async () => {
    const failure = requestUrl(`${base}/missing`);
    await expect(failure).rejects.toThrow('Request failed, status 404');
    await expect(failure).rejects.toBeInstanceOf(RequestUrlError);
    await expect(failure).rejects.toMatchObject({ status: 404, text: '{"error":"no such route"}' });
  });

  it('resolves with the error response when throw is false', async () => {
    const response = await requestUrl({ url: `${base}/missing`, throw: false });
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ error: 'no such route' });
  });

  it('offers text, json and arrayBuffer promises on the returned promise', async () => {
    await expect(requestUrl(`${base}/models`).json).resolves.toEqual({ data: [{ id: 'qwen3-8b' }] });
    await expect(requestUrl(`${base}/html`).text).resolves.toBe('<h1>not json</h1>');
    const bytes = await requestUrl(`${base}/bytes`).arrayBuffer;
    expect(bytes.byteLength).toBe(4);
    await expect(requestUrl(`${base}/html`).json).rejects.toThrow(SyntaxError);
  });

  it('rejects when nothing listens at the address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(requestUrl(`http://127.0.0.1:${port}/models`)).rejects.toThrow();
  });
});

import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';

/**
 * Real HTTP servers on 127.0.0.1 that are not OpenAI-compatible, as a wrong base URL finds them:
 * `/html/v1` answers a web page (a web UI's address instead of its API), `/json/v1` one
 * `chat.completion` JSON although the request asked for a stream (a proxy that drops `stream`);
 * `silent` accepts the connection and never answers (a hung server: no headers, ever).
 */
export interface WrongEndpoints {
  readonly html: string;
  readonly json: string;
  readonly silent: string;
  close(): Promise<void>;
}

export async function startWrongEndpoints(): Promise<WrongEndpoints> {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url?.startsWith('/html/')) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end('<!doctype html><html><head><title>My web UI</title></head><body><div id="app"></div></body></html>\n');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 'c1', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'Hello.' }, finish_reason: 'stop' }] }));
    });
  });
  const sockets = new Set<Socket>();
  const silent = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    html: `${base}/html/v1`,
    json: `${base}/json/v1`,
    silent: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), new Promise<void>((resolve) => silent.close(() => resolve()))]);
    },
  };
}

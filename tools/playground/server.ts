import { readFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { NetworkAccess } from './network-access';
import { deleteVaultFile, readVaultFiles, renameVaultFile, writeVaultFile, type VaultPathResult } from './vault-files';

/** What the page receives at start (`GET /api/boot`). */
export interface PlaygroundBoot {
  readonly vaultName: string;
  readonly files: Awaited<ReturnType<typeof readVaultFiles>>;
  /** The plugin's saved data (`Plugin.loadData()`), or null on a first start. */
  readonly pluginData: unknown;
  /** The app language the fake Obsidian reports (`getLanguage()`), as `--lang` gave it. */
  readonly language: string;
}

/** Options of {@link startPlaygroundServer}. */
export interface PlaygroundServerOptions {
  /** The folder of notes the page shows; writes from the page land here. */
  readonly vaultDir: string;
  /** Built page assets (`index.html`, `playground.js`, `theme.css`, `styles.css`), see `build.ts`. */
  readonly staticDir: string;
  /** Initial plugin data; kept in memory (never written into the vault's `.obsidian`). */
  readonly pluginData?: unknown;
  /** The app language the page's Obsidian reports (`--lang`; default "en"). */
  readonly language?: string;
  /** Origins the page may reach through `/api/proxy` (the model endpoint), e.g. `http://127.0.0.1:4010`. */
  readonly proxyOrigins?: readonly string[];
  /**
   * Origins the proxy sends on to another origin, e.g. llama.cpp's `http://127.0.0.1:8080` to the
   * scripted model server: the first run (`--first-run`) finds a server at a port it probes
   * without the playground taking that port. The other origin must be in `proxyOrigins`.
   */
  readonly proxyRedirects?: Readonly<Record<string, string>>;
  /** API key the proxy sends upstream as `Authorization: Bearer ...` (kept out of the page). */
  readonly proxyApiKey?: string;
  readonly port?: number;
  readonly host?: string;
  /** Needed to listen beyond loopback; every request then carries the printed token (network-access.ts). */
  readonly allowNetwork?: boolean;
  /** Largest request body (writes and proxied requests). Default {@link MAX_BODY_BYTES}. */
  readonly maxBodyBytes?: number;
  /** Request bodies read at once (writes and proxied requests); more are answered 503. Default {@link MAX_UPLOADS}. */
  readonly maxUploads?: number;
}

/** A running playground server. */
export interface PlaygroundServer {
  readonly url: string;
  readonly port: number;
  /** The in-memory plugin data as last saved by the page. */
  pluginData(): unknown;
  close(): Promise<void>;
}

const STATIC_FILES: Readonly<Record<string, string>> = {
  '/': 'index.html',
  '/index.html': 'index.html',
  '/playground.js': 'playground.js',
  '/playground.js.map': 'playground.js.map',
  '/theme.css': 'theme.css',
  '/styles.css': 'styles.css',
};
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
/** The largest request body: a note or a model request, with room to spare. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;
/** Request bodies read at once: the page sends one or two; many more is someone else. */
export const MAX_UPLOADS = 8;
/** Header naming the upstream URL of a proxied request. */
export const PROXY_TARGET_HEADER = 'x-glassbox-target';

/**
 * Starts the playground's HTTP server: the page and its bundle, the vault as JSON at start,
 * a small write API that persists the notes the plugin saves (only inside the vault folder),
 * and a proxy to the model endpoint. The proxy plays the part of Obsidian's CORS-free network
 * access: a browser page may not call another origin that sends no CORS headers.
 */
export async function startPlaygroundServer(options: PlaygroundServerOptions): Promise<PlaygroundServer> {
  const vaultDir = path.resolve(options.vaultDir);
  let pluginData: unknown = options.pluginData ?? null;
  const proxyOrigins = new Set(options.proxyOrigins ?? []);
  const access = new NetworkAccess({ host: options.host ?? '127.0.0.1', allowNetwork: options.allowNetwork === true });
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const maxUploads = options.maxUploads ?? MAX_UPLOADS;
  let uploads = 0;

  // The names this server answers to, filled in once it listens (they carry its port).
  let ownHosts = new Set<string>();
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      // The detail (it may hold this machine's paths) goes to the terminal, not to the page.
      // A client that hung up mid-body is no error of ours.
      if ((error as { code?: unknown }).code !== 'ECONNRESET') console.error(error);
      if (!response.headersSent) sendJson(response, 500, { error: 'The playground server could not answer this request.' });
      else response.destroy();
    });
  });

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!access.admit(request, response)) return;
    // DNS rebinding: a page of another site whose name resolves to 127.0.0.1 sends its own Host.
    // Beyond loopback the token does that job (another site's page has no cookie of ours).
    if (access.token === null && !ownHosts.has((request.headers.host ?? '').toLowerCase())) {
      return sendJson(response, 403, { error: 'The playground answers only to its own address (localhost, 127.0.0.1 or [::1] with its port).' });
    }
    const url = new URL(request.url ?? '/', 'http://playground.invalid');
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      if (Number(request.headers['content-length'] ?? 0) > maxBodyBytes) return refuseBody(request, response, 413, `request bodies are limited to ${maxBodyBytes} bytes`);
      if (uploads >= maxUploads) return refuseBody(request, response, 503, `too many uploads at once (at most ${maxUploads}); try again`);
      uploads += 1;
      response.once('close', () => {
        uploads -= 1;
      });
    }
    if (url.pathname.startsWith('/api/proxy')) return proxy(request, response);
    if (method === 'GET' && url.pathname in STATIC_FILES) return serveStatic(response, STATIC_FILES[url.pathname]);
    if (method === 'GET' && url.pathname === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    if (method === 'GET' && url.pathname === '/api/boot') {
      const boot: PlaygroundBoot = { vaultName: path.basename(vaultDir), files: await readVaultFiles(vaultDir), pluginData, language: options.language ?? 'en' };
      return sendJson(response, 200, boot);
    }
    if (method === 'POST' && url.pathname.startsWith('/api/')) {
      if (!isSameOriginJson(request)) return sendJson(response, 403, { error: 'cross-origin or non-JSON request refused' });
      const body = await readJsonBody(request, maxBodyBytes);
      if (body === 'too_large') return refuseBody(request, response, 413, `request bodies are limited to ${maxBodyBytes} bytes`);
      if (body === undefined) return sendJson(response, 400, { error: 'body must be a JSON object' });
      switch (url.pathname) {
        case '/api/vault/write':
          return answer(response, await writeVaultFile(vaultDir, body.path, body.content));
        case '/api/vault/delete':
          return answer(response, await deleteVaultFile(vaultDir, body.path));
        case '/api/vault/rename':
          return answer(response, await renameVaultFile(vaultDir, body.from, body.to));
        case '/api/plugin-data':
          pluginData = body.data ?? null;
          return sendJson(response, 200, { ok: true });
        default:
          break;
      }
    }
    sendJson(response, 404, { error: `no route for ${method} ${url.pathname}` });
  };

  const serveStatic = async (response: ServerResponse, file: string): Promise<void> => {
    try {
      const body = await readFile(path.join(options.staticDir, file));
      response.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      response.end(body);
    } catch {
      sendJson(response, 404, { error: `${file} is not built; run the playground build first` });
    }
  };

  const proxy = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const target = request.headers[PROXY_TARGET_HEADER];
    let upstream: URL;
    try {
      upstream = new URL(typeof target === 'string' ? target : '');
    } catch {
      return sendJson(response, 400, { error: `missing or invalid ${PROXY_TARGET_HEADER} header` });
    }
    const redirect = options.proxyRedirects !== undefined && Object.hasOwn(options.proxyRedirects, upstream.origin) ? options.proxyRedirects[upstream.origin] : undefined;
    if (redirect !== undefined) upstream = new URL(`${upstream.pathname}${upstream.search}`, redirect);
    if (!proxyOrigins.has(upstream.origin)) {
      // Names the endpoint the user set, never the model server's own port, which they never chose.
      return sendJson(response, 403, { error: `the playground reaches only the model it was started with, not ${upstream.origin} (see tools/playground/README.md)` });
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === 'host' || name === 'origin' || name === 'referer' || name === PROXY_TARGET_HEADER || name === 'connection') continue;
      headers[name] = value;
    }
    if (options.proxyApiKey !== undefined && options.proxyApiKey !== '') headers.authorization = `Bearer ${options.proxyApiKey}`;
    const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
    await new Promise<void>((resolve) => {
      const outgoing = send(upstream, { method: request.method, headers }, (incoming) => {
        response.writeHead(incoming.statusCode ?? 502, incoming.headers);
        response.flushHeaders();
        incoming.pipe(response);
        incoming.on('end', resolve);
        incoming.on('error', () => resolve());
      });
      outgoing.on('error', (error) => {
        if (!response.headersSent) sendJson(response, 502, { error: `model endpoint unreachable: ${error.message}` });
        else response.destroy();
        resolve();
      });
      // A stopped run closes the page's request: close the upstream one too, so the model server sees the abort.
      response.on('close', () => {
        if (!response.writableFinished) outgoing.destroy();
        resolve();
      });
      // A body with no Content-Length (chunked) is counted as it streams.
      let sent = 0;
      request.on('data', (chunk: Buffer) => {
        sent += chunk.length;
        if (sent <= maxBodyBytes) return;
        outgoing.destroy();
        request.unpipe(outgoing);
        if (!response.headersSent) refuseBody(request, response, 413, `request bodies are limited to ${maxBodyBytes} bytes`);
        resolve();
      });
      request.pipe(outgoing);
    });
  };

  const started = await new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(server.address() as AddressInfo));
  });
  const host = options.host === undefined || options.host === '127.0.0.1' ? 'localhost' : options.host;
  ownHosts = ownHostNames(options.host, started.port);
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${started.port}/${access.urlSuffix()}`,
    port: started.port,
    pluginData: () => pluginData,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `host:port` values of the Host header this server accepts: loopback names, and `--host` when it names one. */
function ownHostNames(listenHost: string | undefined, port: number): Set<string> {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  if (listenHost !== undefined && !['0.0.0.0', '::', ''].includes(listenHost)) names.push(listenHost.includes(':') ? `[${listenHost}]` : listenHost);
  return new Set(names.map((name) => `${name.toLowerCase()}:${port}`));
}

function answer(response: ServerResponse, result: VaultPathResult): void {
  if (result.ok) sendJson(response, 200, { ok: true });
  else sendJson(response, 400, { ok: false, error: result.error });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

// Another site open in the same browser must not be able to write into the vault: writes need a
// JSON content type (which forces a CORS preflight this server never grants) and, when the
// browser says where the request comes from, the same origin as the page.
function isSameOriginJson(request: IncomingMessage): boolean {
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** Answers and closes the connection, so the rest of a refused body is not read. */
function refuseBody(request: IncomingMessage, response: ServerResponse, status: number, error: string): void {
  response.setHeader('connection', 'close');
  sendJson(response, status, { error });
  request.resume();
}

async function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<Record<string, unknown> | undefined | 'too_large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) return 'too_large';
    chunks.push(buffer);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDemoArguments } from '../../../tools/playground/demo';
import { startPlaygroundServer, type PlaygroundServer } from '../../../tools/playground/server';

// Issue 25 item 7: with --host 0.0.0.0 any machine that sent `Host: localhost:PORT` could read
// and write the whole vault.

let workDir: string;
let vaultDir: string;
let staticDir: string;
const servers: PlaygroundServer[] = [];

beforeEach(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'glassbox-playground-net-'));
  vaultDir = path.join(workDir, 'vault');
  staticDir = path.join(workDir, 'static');
  await mkdir(vaultDir);
  await mkdir(staticDir);
  await writeFile(path.join(vaultDir, 'Secret.md'), '# Secret\n\nThe safe code is 4711.');
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>x</title>');
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await rm(workDir, { recursive: true, force: true });
});

const start = async (options: { host?: string; allowNetwork?: boolean; maxBodyBytes?: number; maxUploads?: number } = {}) => {
  const server = await startPlaygroundServer({ vaultDir, staticDir, ...options });
  servers.push(server);
  return server;
};

/** A raw request with the Host header a remote attacker would send. */
function send(port: number, options: { path: string; method?: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path: options.path, method: options.method ?? 'GET', headers: { host: `localhost:${port}`, ...options.headers } }, (incoming) => {
      let body = '';
      incoming.setEncoding('utf8').on('data', (text: string) => (body += text));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body, headers: incoming.headers }));
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

describe('the playground beyond loopback', () => {
  it('refuses to listen on a network address without --allow-network (server and command line)', async () => {
    await expect(start({ host: '0.0.0.0' })).rejects.toThrow('add --allow-network');
    expect(() => parseDemoArguments(['--vault', vaultDir, '--host', '0.0.0.0'])).toThrow('add --allow-network');
    expect(parseDemoArguments(['--vault', vaultDir, '--host', '0.0.0.0', '--allow-network'])).toMatchObject({ host: '0.0.0.0', allowNetwork: true });
  });

  it('with --allow-network, answers only with the printed token, then its cookie; Host: localhost is not enough', async () => {
    const server = await start({ host: '0.0.0.0', allowNetwork: true });
    const token = new URL(server.url).searchParams.get('token') ?? '';
    expect(token).toMatch(/^[\w-]{32}$/);
    const bare = await send(server.port, { path: '/api/boot' });
    expect(bare.status).toBe(401);
    expect(bare.body).not.toContain('4711');
    expect((await send(server.port, { path: '/api/boot?token=wrong' })).status).toBe(401);
    const first = await send(server.port, { path: `/?token=${token}` });
    expect(first.status).toBe(200);
    const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
    expect(String(first.headers['set-cookie'])).toContain('HttpOnly; SameSite=Strict');
    const boot = await send(server.port, { path: '/api/boot', headers: { cookie } });
    expect(boot.status).toBe(200);
    expect(boot.body).toContain('4711');
  });

  it('on loopback nothing changes: no token, no cookie needed', async () => {
    const server = await start();
    expect(server.url).toBe(`http://localhost:${server.port}/`);
    expect((await send(server.port, { path: '/api/boot' })).status).toBe(200);
  });
});

describe('request bodies', () => {
  it('refuses a body over the limit, and writes nothing', async () => {
    const server = await start({ maxBodyBytes: 1000 });
    const body = JSON.stringify({ path: 'Big.md', content: 'x'.repeat(2000) });
    const result = await send(server.port, { path: '/api/vault/write', method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(result.status).toBe(413);
    const chunked = await send(server.port, { path: '/api/vault/write', method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, body });
    expect(chunked.status).toBe(413);
    expect(await readdir(vaultDir)).toEqual(['Secret.md']);
  });

  it('bounds the uploads read at once', async () => {
    const server = await start({ maxUploads: 1 });
    // One upload that never finishes holds the only place.
    const held = httpRequest({ host: '127.0.0.1', port: server.port, path: '/api/vault/write', method: 'POST', headers: { host: `localhost:${server.port}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' } });
    held.on('error', () => undefined);
    held.write('{"path":');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await send(server.port, { path: '/api/vault/write', method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: 'A.md', content: 'a' }) });
    expect(second.status).toBe(503);
    held.destroy();
  });
});

import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, type BuiltCli } from '../support/built-cli';

const KEY = 'sk-proj-Zq8vN3xLmP0rT5yW2bC7dF1gH4jK6sA9eR';
const SUFFIX = KEY.slice(-8);
const BASE64 = Buffer.from(KEY).toString('base64');

// Providers that quote the key they were given: in a 400, a 401, a 429, a 500 and mid-stream.
const replies: Record<string, { status: number; body: string; sse?: boolean }> = {
  '400': { status: 400, body: JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}. You can find your API key at https://platform.example/keys.` } }) },
  '401': { status: 401, body: JSON.stringify({ error: { message: `Incorrect API key provided: sk-proj-****************${SUFFIX}.` } }) },
  '429': { status: 429, body: JSON.stringify({ error: { message: `Rate limit reached for key ${encodeURIComponent(KEY)}` } }) },
  '500': { status: 500, body: `upstream said: Authorization: Basic ${BASE64}` },
  stream: {
    status: 200,
    sse: true,
    body: `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: 'Refunds' }, finish_reason: null }] })}\n\ndata: ${JSON.stringify({ error: { message: `key ${KEY} was revoked mid-stream` } })}\n\n`,
  },
};

let cli: BuiltCli;
let server: Server;
let base: string;
let vault: string;

beforeAll(async () => {
  cli = await buildCli();
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const kind = /^\/(\w+)\//.exec(request.url ?? '')?.[1] ?? '400';
      const reply = replies[kind] ?? replies['400'];
      response.writeHead(reply.status, { 'content-type': reply.sse ? 'text/event-stream' : 'application/json' });
      response.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vault = await mkdtemp(join(tmpdir(), 'glassbox-key-echo-'));
  await writeFile(join(vault, 'Refund policy.md'), '# Refund policy\n\nRefunds are paid within 14 days.\n');
});

afterAll(async () => {
  await Promise.all([cli.remove(), rm(vault, { recursive: true, force: true }), new Promise<void>((resolve) => server.close(() => resolve()))]);
});

describe('a provider that echoes the configured key', () => {
  it.each(Object.keys(replies))('%s: the key, its last 8 characters and its encodings reach neither the terminal, the events nor the saved note', async (kind) => {
    const result = await cli.run(['ask', '--vault', vault, '--base-url', `${base}/${kind}/v1`, '--api-key', KEY, '--model', 'm', '--events', 'jsonl', '--save', 'How long do refunds take?']);
    expect(result.status).toBe(1);
    const notes = await readSavedNotes(vault);
    const everything = `${result.stdout}\n${result.stderr}\n${notes}`;
    expect(everything).toContain('[redacted]');
    for (const form of [KEY, SUFFIX, BASE64, encodeURIComponent(KEY)]) expect(everything).not.toContain(form);
  });
});

async function readSavedNotes(root: string): Promise<string> {
  const texts: string[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.md') && entry.name !== 'Refund policy.md') texts.push(await readFile(join(entry.parentPath, entry.name), 'utf8'));
  }
  return texts.join('\n');
}

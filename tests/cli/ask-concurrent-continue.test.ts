import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConversationNote } from '../../src/conversation';
import { startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';

// Issue 25 item 4: two `ask --continue NOTE` at once, as two terminals (or a script) would run
// them. Each merges against the note as it is at write time, so both turns are kept.

const ROUNDS = 8;

let cli: BuiltCli;
let server: ModelServer;
let vault: string;

beforeAll(async () => {
  cli = await buildCli();
  server = await startModelServer();
  vault = await mkdtemp(join(tmpdir(), 'glassbox-concurrent-'));
  await writeFile(join(vault, 'Refund policy.md'), '# Refund policy\n\nRefunds are paid within 14 days.\n');
});

afterAll(async () => {
  await Promise.all([server.close(), cli.remove(), rm(vault, { recursive: true, force: true })]);
});

const ask = (...args: string[]) => cli.run(['ask', '--vault', vault, '--base-url', server.url, '--model', 'extractive', ...args]);

it(`two processes continuing one note at once both keep their turn (${ROUNDS} rounds)`, async () => {
  const first = await ask('--save', 'How long do refunds take?');
  const path = /saved: (.+)\n/.exec(first.stderr)?.[1] ?? '';
  expect(path).toMatch(/\.md$/);
  const asked = ['How long do refunds take?'];
  for (let round = 0; round < ROUNDS; round += 1) {
    const questions = [`Round ${round}: who pays for returns?`, `Round ${round}: what about exchanges?`];
    const results = await Promise.all(questions.map((question) => ask('--continue', path, question)));
    for (const result of results) expect(result.stderr).toContain(`saved: ${path}`);
    asked.push(...questions);
  }
  const parsed = parseConversationNote(await readFile(join(vault, path), 'utf8'));
  if (!parsed.ok) throw parsed.error;
  const questions = parsed.value.messages.filter((message) => message.role === 'user').map((message) => message.content);
  expect([...questions].sort()).toEqual([...asked].sort());
  expect(parsed.value.messages.filter((message) => message.role === 'assistant')).toHaveLength(asked.length);
  // No lock or temporary file is left behind.
  expect((await readdir(join(vault, path, '..'))).filter((name) => name.startsWith('.'))).toEqual([]);
}, 120_000);

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConversationNote } from '../../src/conversation';
import { startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';

// Issue 25 item 5: JSON nested 20,000 levels inside a message trailer (a transcript entry's or an
// open question's extra key) made `ask --continue` fail "Maximum call stack size exceeded" and
// lose the new answer. The trailer is set aside with a warning; every turn is kept once.

const DEEP = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;

let cli: BuiltCli;
let server: ModelServer;
let vault: string;

beforeAll(async () => {
  cli = await buildCli();
  server = await startModelServer();
  vault = await mkdtemp(join(tmpdir(), 'glassbox-deep-trailer-'));
  await writeFile(join(vault, 'Refund policy.md'), '# Refund policy\n\nRefunds are paid within 14 days.\n');
});

afterAll(async () => {
  await Promise.all([server.close(), cli.remove(), rm(vault, { recursive: true, force: true })]);
});

const ask = (...args: string[]) => cli.run(['ask', '--vault', vault, '--base-url', server.url, '--model', 'extractive', ...args]);

it.each([
  ['a transcript entry', `{"transcript":[{"role":"user","content":"c","x":${DEEP}}],"id":"msg-`],
  ['an open question', `{"pendingInput":{"question":"Which one?","x":${DEEP}},"id":"msg-`],
])('a 20,000-deep value in %s: the new turn is saved, with a warning, and no turn is lost or doubled', async (_name, planted) => {
  const first = await ask('--save', 'How long do refunds take?');
  const path = /saved: (.+)\n/.exec(first.stderr)?.[1] ?? '';
  const file = join(vault, path);
  await writeFile(file, (await readFile(file, 'utf8')).replace('{"id":"msg-', planted));
  const second = await ask('--continue', path, 'And exchanges?');
  expect(second.stderr).not.toContain('Maximum call stack');
  expect(second.stderr).toContain('nested more than 64 levels deep');
  expect(second.stderr).toContain(`saved: ${path}`);
  expect(second.status).toBe(0);
  const text = await readFile(file, 'utf8');
  expect(text).toContain(DEEP);
  const parsed = parseConversationNote(text);
  if (!parsed.ok) throw parsed.error;
  expect(parsed.value.messages.map((message) => message.role === 'user' ? message.content : 'answer')).toEqual(['How long do refunds take?', 'answer', 'And exchanges?', 'answer']);
});

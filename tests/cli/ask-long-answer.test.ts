import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';
import { chatRequests, messagesSent } from '../support/wire-messages';

// Issue 25 item 6: a 100 MB streamed answer made a 200 MB note: the answer was stored in the
// message and again in its trailer's transcript. It is stored once, and read back whole.

const ANSWER = Array.from({ length: 2_000 }, (_, index) => `Sentence ${index} of a long answer.`).join(' ');

let cli: BuiltCli;
let server: ModelServer;
let vault: string;

beforeAll(async () => {
  cli = await buildCli();
  server = await startModelServer({ scenarios: { long: scenario().turn((t) => t.text(ANSWER)).turn((t) => t.text('Short.')) } });
  vault = await mkdtemp(join(tmpdir(), 'glassbox-long-answer-'));
  await writeFile(join(vault, 'Readme.md'), '# Readme\n');
});

afterAll(async () => {
  await Promise.all([server.close(), cli.remove(), rm(vault, { recursive: true, force: true })]);
});

it('a long answer is stored once in the note, and the continued conversation sends it whole', async () => {
  const first = await cli.run(['ask', '--vault', vault, '--base-url', server.url, '--model', 'long', '--save', 'Tell me everything.']);
  const path = /saved: (.+)\n/.exec(first.stderr)?.[1] ?? '';
  const note = await readFile(join(vault, path), 'utf8');
  expect(note.split(ANSWER).length - 1).toBe(1);
  expect(note.length).toBeLessThan(ANSWER.length * 1.1);
  // A window that holds it: on the default window of a local server the old turn would be left out to fit.
  await cli.run(['ask', '--vault', vault, '--base-url', server.url, '--model', 'long', '--context-window', '200000', '--continue', path, 'And briefly?']);
  const sent = messagesSent(chatRequests(server).at(-1)!);
  expect(sent.filter((message) => message.role === 'assistant').map((message) => message.content)).toContain(ANSWER);
});

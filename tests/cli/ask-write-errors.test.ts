import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';
import { messagesSent } from '../support/wire-messages';

// Issue 25 item 8: an ENAMETOOLONG from a write handed the vault's absolute path to the model.
const LONG = `Notes/${'a'.repeat(300)}.md`;

let cli: BuiltCli;
let server: ModelServer;
let vault: string;

beforeAll(async () => {
  cli = await buildCli();
  server = await startModelServer({
    scenarios: {
      'long-name': scenario()
        .turn((t) => t.toolCall('createNote', { path: LONG, content: 'Hello.' }))
        .turn((t) => t.text('Done.')),
    },
  });
  vault = await mkdtemp(join(tmpdir(), 'glassbox-write-errors-'));
  await writeFile(join(vault, 'Refund policy.md'), '# Refund policy\n\nRefunds are paid within 14 days.\n');
});

afterAll(async () => {
  await Promise.all([server.close(), cli.remove(), rm(vault, { recursive: true, force: true })]);
});

it('a write error reaches the model, the events and the terminal with the vault path only', async () => {
  const result = await cli.run(['ask', '--vault', vault, '--base-url', server.url, '--model', 'long-name', '--allow-writes', '--events', 'jsonl', 'Make a note']);
  const toolOutput = messagesSent(server.requests[server.requests.length - 1]).find((message) => message.role === 'tool')?.content;
  expect(toolOutput).toContain(`Cannot write "${LONG}": the name is too long for the file system.`);
  expect(`${String(toolOutput)}${result.stdout}${result.stderr}`).not.toContain(vault);
});

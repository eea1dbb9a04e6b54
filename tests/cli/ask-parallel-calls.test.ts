import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';

// Issue 25 item 6: ten read-only calls in one reply printed Node's MaxListenersExceededWarning
// ("11 abort listeners added to [AbortSignal]") on stderr. Read-only calls now run at most 8 at once.

let cli: BuiltCli;
let server: ModelServer;
let vault: string;

beforeAll(async () => {
  cli = await buildCli();
  server = await startModelServer({
    scenarios: {
      ten: scenario()
        .turn((t) => {
          for (let n = 0; n < 10; n += 1) t.toolCall('localSearch', { query: `refunds ${n}` }, { id: `call_${n}` });
          return t;
        })
        .turn((t) => t.text('Done.')),
    },
  });
  vault = await mkdtemp(join(tmpdir(), 'glassbox-parallel-'));
  await writeFile(join(vault, 'Refund policy.md'), '# Refund policy\n\nRefunds are paid within 14 days.\n');
});

afterAll(async () => {
  await Promise.all([server.close(), cli.remove(), rm(vault, { recursive: true, force: true })]);
});

it('ten parallel tool calls print no MaxListenersExceededWarning', async () => {
  const result = await cli.run(['ask', '--vault', vault, '--base-url', server.url, '--model', 'ten', 'Search ten times.']);
  expect(result.status).toBe(0);
  expect(result.stderr).not.toContain('MaxListenersExceededWarning');
});

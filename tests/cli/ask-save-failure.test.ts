import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';

let cli: BuiltCli;
let server: ModelServer;
let top: string;

beforeAll(async () => {
  cli = await buildCli();
  server = await startModelServer();
  top = await mkdtemp(join(tmpdir(), 'glassbox-save-failure-'));
});

afterAll(async () => {
  await server.close();
  await cli.remove();
  await rm(top, { recursive: true, force: true });
});

/** A vault with the refund note, and a file where the conversations folder (or its parent) belongs. */
async function vaultWithFileAt(name: string, blocker: string): Promise<string> {
  const vault = join(top, name);
  await mkdir(join(vault, blocker, '..'), { recursive: true });
  await writeFile(join(vault, 'Refund policy.md'), '# Refund policy\n\nRefunds are paid within 14 days of the return.\n');
  await writeFile(join(vault, blocker), 'not a folder\n');
  return vault;
}

describe('glassbox ask --save when the note cannot be written', () => {
  it.each([
    ['a file named like the conversations folder (EEXIST)', 'Glassbox/Conversations'],
    ['a file named like its parent folder (ENOTDIR)', 'Glassbox'],
  ])('%s: one sentence on stderr, the answer still printed, exit 1', async (name, blocker) => {
    const vault = await vaultWithFileAt(name.replace(/\W+/g, '-'), blocker);
    const result = await cli.run(['ask', '--vault', vault, '--base-url', server.url, '--model', 'extractive', '--save', 'How long do refunds take?']);
    expect(result.stderr).toBe('The conversation could not be saved in Glassbox/Conversations: a file stands where a folder is needed.\n');
    expect(result.stdout).toContain('[[Refund policy]]: "Refunds are paid within 14 days of the return."');
    expect(result.status).toBe(1);
  });
});

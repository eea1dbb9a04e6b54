import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentEvent } from '../../src/agent/events';
import { NodeVaultSource } from '../../src/cli/node-vault-source';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';

// `ln -s /etc/passwd V/passwd.md`: a symlink leading out of the vault is not a note (DESIGN.md 11.6).
const SECRET = 'root:x:0:0 secret password line';

let cli: BuiltCli;
let server: ModelServer;
let top: string;
let vault: string;

beforeAll(async () => {
  cli = await buildCli();
  server = await startModelServer({
    scenarios: {
      'reads-passwd': scenario()
        .turn((t) => t.toolCall('readNote', { path: 'passwd.md' }))
        .turn((t) => t.text('Done.')),
    },
  });
  top = await mkdtemp(join(tmpdir(), 'glassbox-symlinks-'));
  vault = join(top, 'vault');
  await mkdir(join(top, 'outside'), { recursive: true });
  await writeFile(join(top, 'outside', 'passwd'), `${SECRET}\n`);
  await writeFile(join(top, 'outside', 'leak.md'), `# Leak\n\n${SECRET}\n`);
  await mkdir(vault);
  await writeFile(join(vault, 'Passwords.md'), '# Passwords\n\nNever write a password line into a note.\n');
  await symlink(join(top, 'outside', 'passwd'), join(vault, 'passwd.md'));
  await symlink(join('..', 'outside', 'leak.md'), join(vault, 'leak.md'));
  await symlink(join(top, 'outside'), join(vault, 'Outside folder'));
  await symlink('Passwords.md', join(vault, 'Alias.md'));
});

afterAll(async () => {
  await server.close();
  await cli.remove();
  await rm(top, { recursive: true, force: true });
});

describe('symlinks out of the vault', () => {
  it('are not searched: glassbox search never prints what they point at', async () => {
    const result = await cli.run(['search', '--vault', vault, '--json', 'password line']);
    expect(result.status).toBe(0);
    const paths = (JSON.parse(result.stdout) as { results: { path: string }[] }).results.map((row) => row.path);
    expect(paths.sort()).toEqual(['Alias.md', 'Passwords.md']);
    expect(result.stdout).not.toContain('root:x');
  });

  it('are not read for the model: readNote on one finds no note', async () => {
    const result = await cli.run(['ask', '--vault', vault, '--base-url', server.url, '--model', 'reads-passwd', '--events', 'jsonl', 'What is in passwd?']);
    expect(result.status).toBe(0);
    const events = result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as AgentEvent);
    const read = events.find((event): event is Extract<AgentEvent, { type: 'tool_end' }> => event.type === 'tool_end');
    expect(read?.output).toMatch(/^No note found for "passwd\.md"/);
    expect(JSON.stringify(server.requests.map((request) => request.body))).not.toContain('root:x');
  });

  it('read() refuses a path through them, even one the listing never offered', async () => {
    const source = new NodeVaultSource(vault);
    await expect(source.read('passwd.md')).rejects.toThrow('No note at passwd.md.');
    await expect(source.read('Outside folder/leak.md')).rejects.toThrow('No note at Outside folder/leak.md.');
    await expect(source.read('../outside/leak.md')).rejects.toThrow('No note at ../outside/leak.md.');
    await expect(source.read('Alias.md')).resolves.toContain('Never write a password line');
  });
});

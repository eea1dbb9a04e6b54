import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyDemoVault, DEMO_VAULT_DIR, demoVaultLeftovers } from './demo-vault';

describe('copyDemoVault', () => {
  let workDir: string;
  beforeEach(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'glassbox-demo-vault-'));
  });
  afterEach(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('the sample vault ignores the conversations the demo saves', () => {
    expect(demoVaultLeftovers()).toContain('Glassbox/Conversations');
  });

  it('copies the notes but not the conversations a person left after trying the demo', async () => {
    // A stand-in for demo-vault/ (the real one is shared by every suite running at once).
    const vault = path.join(workDir, 'vault');
    await mkdir(path.join(vault, 'Glassbox', 'Conversations'), { recursive: true });
    await mkdir(path.join(vault, 'Handbook'), { recursive: true });
    await mkdir(path.join(vault, 'Glassbox', 'Prompts'), { recursive: true });
    await writeFile(path.join(vault, '.gitignore'), '# left by the demo\nGlassbox/Conversations/\n');
    await writeFile(path.join(vault, 'Handbook', 'Glassbox tips.md'), '# Tips');
    await writeFile(path.join(vault, 'Glassbox', 'Conversations', 'Stray.md'), '# Stray');
    await writeFile(path.join(vault, 'Glassbox', 'Prompts', 'Next steps.md'), 'List the next steps in {activeNote}.');
    const copy = path.join(workDir, 'copy');
    await copyDemoVault(copy, vault);
    expect((await readdir(copy)).sort()).toEqual(['.gitignore', 'Glassbox', 'Handbook']);
    expect(await readdir(path.join(copy, 'Glassbox'))).toEqual(['Prompts']);
    expect(await readdir(path.join(copy, 'Handbook'))).toEqual(['Glassbox tips.md']);
  });

  it('copies every committed folder of the real sample vault', async () => {
    await copyDemoVault(path.join(workDir, 'copy'));
    const expected = (await readdir(DEMO_VAULT_DIR)).filter((name) => !demoVaultLeftovers().has(name));
    expect((await readdir(path.join(workDir, 'copy'))).sort()).toEqual(expected.sort());
  });
});

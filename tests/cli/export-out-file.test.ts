import { access, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { captureIo } from '../support/capture-io';

// Issue 36 item 5: `export --out` silently overwrote anything, the source note included, and
// followed symlinks. A conversation saved by a real run (the real openai SDK, the scripted server).

let server: ModelServer;
let vault: string;
let saved: string;

beforeAll(async () => {
  server = await startModelServer({ scenarios: { plain: scenario().turn((t) => t.text('Refunds take 14 days.')) } });
  vault = await mkdtemp(join(tmpdir(), 'glassbox-export-out-'));
  const io = captureIo();
  await expect(runCli(['ask', '--vault', vault, '--base-url', server.url, '--model', 'plain', '--save', 'How long do refunds take?'], io)).resolves.toBe(0);
  saved = join(vault, /^saved: (.+)$/m.exec(io.err())?.[1] ?? 'missing');
});

afterAll(async () => {
  await server.close();
  await rm(vault, { recursive: true, force: true });
});

async function exportTo(out: string, ...extra: string[]): Promise<{ status: number; err: string }> {
  const io = captureIo();
  const status = await runCli(['export', saved, '--html', '--out', out, ...extra], io);
  return { status, err: io.err() };
}

describe('export --out writes a new file only', () => {
  it('writes a file that does not exist yet', async () => {
    const out = join(vault, 'new.html');
    await expect(exportTo(out)).resolves.toEqual({ status: 0, err: `exported: ${out}\n` });
    expect(await readFile(out, 'utf8')).toContain('<!doctype html>');
  });

  it('refuses an existing file (exit 1, one sentence) and leaves it as it was', async () => {
    const out = join(vault, 'existing.html');
    await writeFile(out, 'keep me');
    await expect(exportTo(out)).resolves.toEqual({ status: 1, err: `Not written: "${out}" already exists; give a new file, or add --force to write over it.\n` });
    expect(await readFile(out, 'utf8')).toBe('keep me');
  });

  it('refuses the note being exported', async () => {
    const before = await readFile(saved, 'utf8');
    await expect(exportTo(saved)).resolves.toEqual({ status: 1, err: `Not written: "${saved}" is the note being exported; give a new file, or add --force to write over it.\n` });
    expect(await readFile(saved, 'utf8')).toBe(before);
  });

  it('refuses a symbolic link, to a file or to nowhere, and writes nothing through it', async () => {
    const target = join(vault, 'target.txt');
    await writeFile(target, 'untouched');
    const link = join(vault, 'link.html');
    await symlink(target, link);
    await expect(exportTo(link)).resolves.toEqual({ status: 1, err: `Not written: "${link}" is a symbolic link; give a new file, or add --force to write over it.\n` });
    expect(await readFile(target, 'utf8')).toBe('untouched');
    const dangling = join(vault, 'dangling.html');
    await symlink(join(vault, 'created-through-link.html'), dangling);
    expect((await exportTo(dangling)).status).toBe(1);
    await expect(access(join(vault, 'created-through-link.html'))).rejects.toThrow();
  });

  it('writes over an existing file with --force', async () => {
    const out = join(vault, 'replace.html');
    await writeFile(out, 'old');
    await expect(exportTo(out, '--force')).resolves.toEqual({ status: 0, err: `exported: ${out}\n` });
    expect(await readFile(out, 'utf8')).toContain('<!doctype html>');
  });
});

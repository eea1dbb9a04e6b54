import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';
import { captureIo } from '../support/capture-io';

const VAULT = join(__dirname, '..', 'fixtures', 'vault');

describe('glassbox search', () => {
  it('prints JSON results best first, with vault-relative / paths', async () => {
    const io = captureIo();
    await expect(runCli(['search', '--vault', VAULT, '--json', '--limit', '2', 'irrigation'], io)).resolves.toBe(0);
    const output = JSON.parse(io.out()) as { tookMs: number; results: { path: string; title: string; score: number; heading?: string; passage: string }[] };
    expect(typeof output.tookMs).toBe('number');
    expect(output.results).toHaveLength(2);
    expect(output.results[0]).toMatchObject({ path: 'Gardening.md', title: 'Gardening', heading: 'Irrigation' });
    expect(output.results[0].passage).toContain('Drip lines');
    expect(output.results[0].score).toBeGreaterThan(output.results[1].score);
    expect(Object.keys(output.results[1]).sort()).toEqual(['heading', 'passage', 'path', 'score', 'title']);
    expect(io.err()).toBe('');
  });

  it('prints a readable numbered list without --json, for any script', async () => {
    const io = captureIo({ cwd: join(VAULT, '..') });
    await expect(runCli(['search', '--vault', 'vault', 'ラーメン'], io)).resolves.toBe(0);
    expect(io.out()).toMatch(/^1\. 日本語 \(Languages\/日本語\.md\) § 東京の旅\n {3}東京で美味しいラーメンを食べました。/);
    expect(io.out()).toMatch(/\n\n1 of \d+ notes in [\d.]+ ms\.\n$/);
  });

  it('finds notes in sub-folders by a path given as Obsidian would', async () => {
    const io = captureIo();
    await runCli(['search', `--vault=${VAULT}`, '--json', '"quantum tunnelling"'], io);
    expect((JSON.parse(io.out()) as { results: { path: string }[] }).results.map((result) => result.path)).toEqual(['Physics/Tunnelling.md']);
  });

  it('keeps only notes in --folder (vault-relative or a path inside the vault) and with --tag', async () => {
    const paths = async (...flags: string[]): Promise<string[]> => {
      const io = captureIo({ cwd: join(VAULT, '..') });
      await expect(runCli(['search', '--vault', 'vault', '--json', '--limit', '30', ...flags, 'the'], io)).resolves.toBe(0);
      return (JSON.parse(io.out()) as { results: { path: string }[] }).results.map((result) => result.path).sort();
    };
    const journal = await paths('--folder', 'Journal');
    expect(journal.length).toBeGreaterThan(0);
    expect(journal.every((path) => path.startsWith('Journal/'))).toBe(true);
    expect(await paths('--folder', 'vault/Journal/')).toEqual(journal);
    expect(await paths('--tag', '#hobby')).toEqual(['Composting.md', 'Gardening.md']);
    expect(await paths('--tag', 'hobby', '--folder', 'Journal')).toEqual([]);
    const two = await paths('--folder', 'Journal', '--folder', 'Physics');
    expect(two.length).toBeGreaterThanOrEqual(journal.length);
    expect(two.every((path) => path.startsWith('Journal/') || path.startsWith('Physics/'))).toBe(true);
  });

  it('says in one sentence when --folder is not a folder of the vault', async () => {
    const io = captureIo();
    await expect(runCli(['search', '--vault', VAULT, '--folder', 'Nowhere', 'the'], io)).resolves.toBe(2);
    expect(io.err()).toBe('The scope Nowhere/ holds no note of the vault; check --folder and --tag.\n');
  });

  it('leaves saved conversations and prompt notes out, as ask does: the search shows what the agent sees', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'glassbox-search-'));
    try {
      await writeFile(join(dir, 'Refunds.md'), '# Refunds\n\nRefunds take 14 days.\n');
      await mkdir(join(dir, 'Glassbox', 'Conversations'), { recursive: true });
      await writeFile(join(dir, 'Glassbox', 'Conversations', 'How long do refunds take.md'), '### 🧑 You\n\nHow long do refunds take?\n');
      // Issue 38 item 1: a prompt named for the question was the top hit, and its text the answer.
      await mkdir(join(dir, 'Glassbox', 'Prompts'), { recursive: true });
      await writeFile(join(dir, 'Glassbox', 'Prompts', 'Refunds.md'), 'Explain the refunds of {activeNote}.\n');
      const io = captureIo();
      await expect(runCli(['search', '--vault', dir, '--json', 'refunds'], io)).resolves.toBe(0);
      expect((JSON.parse(io.out()) as { results: { path: string }[] }).results.map((result) => result.path)).toEqual(['Refunds.md']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('prints no blank indented line for a result whose section has only a heading', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'glassbox-search-'));
    try {
      await writeFile(join(dir, 'Refunds.md'), '# Refunds\n\n## Riders\nRiders get money back.\n');
      const io = captureIo();
      await expect(runCli(['search', '--vault', dir, 'refunds'], io)).resolves.toBe(0);
      expect(io.out()).not.toMatch(/\n {3}\n/);
      expect(io.out()).toMatch(/^1\. Refunds \(Refunds\.md\)/);
      expect(io.out().split('\n').filter((line) => /^\s+$/.test(line))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says so when nothing matches, and exits 0', async () => {
    const io = captureIo();
    await expect(runCli(['search', '--vault', VAULT, 'xylophone'], io)).resolves.toBe(0);
    expect(io.out()).toMatch(/^No notes found for "xylophone" \(\d+ notes searched\)\.\n$/);
  });

  it.each([
    [['search', 'gardening'], 'Say which folder of notes to search with --vault DIR.'],
    [['search', '--vault', VAULT], 'Give the text to search for, e.g. glassbox search --vault DIR "meeting notes".'],
    [['search', '--vault', VAULT, '--limit', 'many', 'x'], '--limit must be a whole number from 1 to 1000, not "many".'],
    [['search', '--vault', VAULT, '--limit'], '--limit needs a value.'],
    [['search', '--vault', VAULT, '--fuzzy', 'x'], 'Unknown option --fuzzy for "glassbox search" (try --vault, --json, --limit, --folder, --tag, --meaning, --embeddings-base-url, --embeddings-model).'],
    [['search', '--vault', join(VAULT, 'missing'), 'x'], `The vault folder ${join(VAULT, 'missing')} does not exist or is not a folder.`],
  ])('bad usage %j exits 2 with one sentence', async (argv, message) => {
    const io = captureIo();
    await expect(runCli(argv, io)).resolves.toBe(2);
    expect(io.err()).toBe(`${message}\n`);
    expect(io.out()).toBe('');
  });
});

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ENGLISH_TABLE, LANGUAGES, unpackTable, type MessageTable, type UnpackedStringsStore } from '../../src/i18n';
import { de } from '../../src/i18n/tables/de';
import { es } from '../../src/i18n/tables/es';
import { fr } from '../../src/i18n/tables/fr';
import { ja } from '../../src/i18n/tables/ja';
import { zh } from '../../src/i18n/tables/zh';

// main.js carries the string tables packed (tools/build/packed-tables.mjs); unpacked, each must be
// the table written in src/i18n/tables. Packed in a child process: the packer is an ES module
// that runs esbuild, which jest cannot import.
const root = join(__dirname, '..', '..');
const pack = `
  const { packTable, englishTableModule } = await import('./tools/build/packed-tables.mjs');
  const packed = { en: await englishTableModule('src/i18n/tables/en.ts') };
  for (const language of ${JSON.stringify(LANGUAGES.filter((language) => language !== 'en'))}) packed[language] = await packTable('src/i18n/tables/' + language + '.ts', language);
  process.stdout.write(JSON.stringify(packed));
`;
const packed = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', pack], { cwd: root, encoding: 'utf8' })) as Record<string, string>;
const written: Record<string, MessageTable> = { de, es, fr, zh, ja };

/** The table English's module (`export const en = JSON.parse("…");`) makes. */
function englishOf(module: string): MessageTable {
  const json = /^export const en = JSON\.parse\((".*")\);$/s.exec(module)?.[1] ?? '""';
  return JSON.parse(JSON.parse(json) as string) as MessageTable;
}

describe('the packed string tables', () => {
  it('carry English as written, parsed from its JSON text (onload needs it: nothing to unpack)', () => {
    expect(packed.en).toMatch(/^export const en = JSON\.parse\(".*"\);$/s);
    expect(englishOf(packed.en)).toEqual(ENGLISH_TABLE);
  });

  it.each(Object.keys(written))('unpack to %s as written, with English’s keys', (language) => {
    const table = unpackTable(packed[language], englishOf(packed.en));
    expect(table).toEqual(written[language]);
    expect(Object.keys(table)).toEqual(Object.keys(ENGLISH_TABLE));
  });

  it('are smaller than the tables they pack', () => {
    for (const language of Object.keys(written)) expect(packed[language].length).toBeLessThan(JSON.stringify(written[language]).length / 2);
  });
});

describe('a language’s strings kept between launches', () => {
  const english = () => englishOf(packed.en);
  /** A device's local storage, as the plugin passes Obsidian's. */
  function storage(initial: Record<string, unknown> = {}): UnpackedStringsStore & { readonly saved: Record<string, unknown> } {
    const saved: Record<string, unknown> = { ...initial };
    return { saved, load: (key) => saved[key] ?? null, save: (key, value) => void (saved[key] = JSON.parse(JSON.stringify(value)) as unknown) };
  }

  it('are unpacked at the first launch and kept', () => {
    const store = storage();
    expect(unpackTable(packed.de, english(), { store, key: 'strings-de' })).toEqual(de);
    expect((store.saved['strings-de'] as { values: string[] }).values).toEqual(Object.keys(ENGLISH_TABLE).map((key) => de[key as keyof typeof de]));
  });

  it('are read back at the next launch of the same build, not unpacked', () => {
    const first = storage();
    unpackTable(packed.de, english(), { store: first, key: 'strings-de' });
    const kept = first.saved['strings-de'] as { fingerprint: string; values: string[] };
    // What was kept is what the next launch shows: a marked value proves the text was not unpacked again.
    const next = storage({ 'strings-de': { ...kept, values: kept.values.map((value, index) => (index === 0 ? 'kept at the last launch' : value)) } });
    const table = unpackTable(packed.de, english(), { store: next, key: 'strings-de' });
    expect(Object.values(table)[0]).toBe('kept at the last launch');
  });

  it('are unpacked again for another build, or when what was kept is not a list of strings', () => {
    const first = storage();
    unpackTable(packed.fr, english(), { store: first, key: 'strings' });
    const otherBuild = storage({ strings: { ...(first.saved.strings as object), values: ['from another build'] } });
    expect(unpackTable(packed.de, english(), { store: otherBuild, key: 'strings' })).toEqual(de);
    expect((otherBuild.saved.strings as { values: string[] }).values[0]).toBe(Object.values(de)[0]);
    const broken = storage({ strings: { fingerprint: (first.saved.strings as { fingerprint: string }).fingerprint, values: [1, 2] } });
    expect(unpackTable(packed.fr, english(), { store: broken, key: 'strings' })).toEqual(fr);
  });

  it('still show when the storage cannot be read or written', () => {
    const failing: UnpackedStringsStore = {
      load: () => {
        throw new Error('storage unavailable');
      },
      save: () => {
        throw new Error('quota exceeded');
      },
    };
    expect(unpackTable(packed.ja, english(), { store: failing, key: 'strings-ja' })).toEqual(ja);
  });
});


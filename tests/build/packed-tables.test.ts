import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ENGLISH_TABLE, LANGUAGES, unpackEnglishTable, unpackTable, type MessageTable } from '../../src/i18n';
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
    expect(unpackEnglishTable(englishOf(packed.en))).toEqual(ENGLISH_TABLE);
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

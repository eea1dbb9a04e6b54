import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findVisibleLiterals } from '../../tools/i18n/visible-literals';
import { sourceFiles } from '../support/source-files';

// DESIGN.md 12.4: every string the plugin shows comes from the string table. The chat's
// components (src/ui), the plugin's Obsidian side (settings, commands, notices, modals: src/obsidian)
// and its entry (src/main.ts) may not show a literal; a new one goes into src/i18n/tables/en.ts
// (and the other languages' tables, which the type checker and tables.test.ts keep complete).

const root = path.join(__dirname, '..', '..');
const SCANNED = ['src/ui', 'src/obsidian', 'src/main.ts'];
/** Files whose thrown errors the chat shows as its error line (`userMessageOf`): every `throw new …(…)` there is UI text. */
const SHOWN_THROWS: readonly string[] = ['src/obsidian/chat/run-setup.ts'];
/** Literals in visible positions that are not shown to the user, each with why. */
const NOT_SHOWN: readonly { readonly file: string; readonly text: string; readonly why: string }[] = [
  { file: 'src/obsidian/notes/conversation-store.ts', text: 'tags:\n  -', why: 'a frontmatter line of the saved note, not UI' },
];

describe('UI strings come from the string table', () => {
  const files = SCANNED.flatMap(sourceFiles);

  it('scans the .tsx components and the settings', () => {
    expect(files.filter((file) => file.endsWith('.tsx')).length).toBeGreaterThan(25);
    expect(files).toEqual(expect.arrayContaining([...SHOWN_THROWS, 'src/obsidian/settings/setting-definitions.ts', 'src/obsidian/settings/mcp-setting-definitions.ts', 'src/obsidian/plugin-commands.ts', 'src/main.ts']));
  });

  it('finds no user-visible literal outside the table', () => {
    const literals = files
      .flatMap((file) => findVisibleLiterals(file, readFileSync(path.join(root, file), 'utf8'), { shownThrows: SHOWN_THROWS.includes(file) }))
      .filter((literal) => !NOT_SHOWN.some((known) => known.file === literal.file && known.text === literal.text));
    const described = literals.map((literal) => `${literal.file}:${literal.line} (${literal.where}) ${JSON.stringify(literal.text)}`);
    expect(described).toEqual([]);
  });
});

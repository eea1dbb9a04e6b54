import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repositoryRoot, sourceFiles } from './support/source-files';

// DESIGN.md 13.2: no source file over 300 lines, except data tables. A table is listed here by
// name with why it is one; a file of code that grows past the limit is split by responsibility.

const LIMIT = 300;
/** Data tables: rows of data, not code. */
const DATA_TABLES: readonly { readonly pattern: RegExp; readonly why: string }[] = [
  { pattern: /^src\/i18n\/tables\/[a-z]{2}\.ts$/, why: 'the UI words of one language, one entry per string' },
];

const lines = (file: string) => readFileSync(path.join(repositoryRoot, file), 'utf8').split('\n').length - 1;

describe('source files stay small', () => {
  const files = sourceFiles('src');

  it(`no source file is over ${LIMIT} lines, except the data tables`, () => {
    const long = files.filter((file) => !DATA_TABLES.some((table) => table.pattern.test(file)) && lines(file) > LIMIT);
    expect(long.map((file) => `${file}: ${lines(file)} lines`)).toEqual([]);
  });

  it('every exception names real tables', () => {
    for (const table of DATA_TABLES) expect(files.filter((file) => table.pattern.test(file)).length).toBeGreaterThan(0);
  });
});

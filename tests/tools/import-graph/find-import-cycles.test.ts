import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findImportCycles, readImportGraph } from '../../../tools/import-graph/find-import-cycles';

// The walker behind tests/build/no-import-cycles.test.ts, on small folders written here.

let root: string;

function files(contents: Record<string, string>): void {
  for (const [name, text] of Object.entries(contents)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'import-graph-'));
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('readImportGraph', () => {
  it('resolves relative imports to files, folders to their index, and leaves packages out', () => {
    files({
      'main.ts': "import { a } from './a';\nimport React from 'react';\nexport { b } from './b/index';\nimport type { C } from './c';",
      'a.ts': "export const a = () => import('./lazy');",
      'b/index.ts': "import { x } from '../x.tsx';\nexport const b = x;",
      'c.ts': "export type C = import('./d').D;",
      'd.ts': 'export type D = 1;',
      'lazy.ts': 'export {};',
      'x.tsx': 'export const x = 1;',
      'types.d.ts': "import './main';",
    });
    expect(Object.fromEntries(readImportGraph(root))).toEqual({
      'a.ts': ['lazy.ts'],
      'b/index.ts': ['x.tsx'],
      'c.ts': ['d.ts'],
      'd.ts': [],
      'lazy.ts': [],
      'main.ts': ['a.ts', 'b/index.ts', 'c.ts'],
      'x.tsx': [],
    });
  });
});

describe('findImportCycles', () => {
  it('finds none in a tree', () => {
    files({ 'a.ts': "import './b';\nimport './c';", 'b.ts': "import './c';", 'c.ts': '' });
    expect(findImportCycles(readImportGraph(root))).toEqual([]);
  });

  it('names every file of a loop and one shortest way round it, type-only imports and folder indexes included', () => {
    files({
      'i18n/index.ts': "export * from './tables';",
      'i18n/tables.ts': "import { unpack } from '../search';",
      'search/index.ts': "export * from './client';",
      'search/client.ts': "import type { T } from '../i18n';\nimport './far';",
      'search/far.ts': "import '../i18n/tables';",
      'other.ts': "import './i18n';",
    });
    expect(findImportCycles(readImportGraph(root))).toEqual([{
      files: ['i18n/index.ts', 'i18n/tables.ts', 'search/client.ts', 'search/far.ts', 'search/index.ts'],
      cycle: ['i18n/index.ts', 'i18n/tables.ts', 'search/index.ts', 'search/client.ts', 'i18n/index.ts'],
    }]);
  });

  it('reports two separate loops apart, and a file that imports itself', () => {
    files({ 'a.ts': "import './b';", 'b.ts': "import './a';", 'c.ts': "import './d';", 'd.ts': "import type { X } from './c';", 'e.ts': "export type E = import('./e').F;\nexport type F = 1;" });
    expect(findImportCycles(readImportGraph(root)).map((loop) => loop.cycle)).toEqual([
      ['a.ts', 'b.ts', 'a.ts'],
      ['c.ts', 'd.ts', 'c.ts'],
      ['e.ts', 'e.ts'],
    ]);
  });
});

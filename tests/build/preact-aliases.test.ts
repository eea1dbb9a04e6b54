import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import preactAliases from '../../preact-aliases.cjs';

// The UI runs on Preact wherever it runs: main.js and the playground take preact-aliases.cjs
// (esbuild), jest builds its moduleNameMapper from it, and the benches that render in Node
// resolve through bench/tsconfig.preact.json, a copy this test keeps equal.

const root = join(__dirname, '..', '..');

describe('React names resolve to Preact', () => {
  it('bench/tsconfig.preact.json maps the same names to the same modules as preact-aliases.cjs', () => {
    const tsconfig = JSON.parse(readFileSync(join(root, 'bench', 'tsconfig.preact.json'), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } };
    const paths = Object.fromEntries(Object.entries(tsconfig.compilerOptions.paths).map(([name, [target]]) => [name, target.replace(/^\.\.\/node_modules\//, '')]));
    expect(paths).toEqual(preactAliases);
  });

  it('jest resolves them to Preact in this test too', () => {
    expect(require.resolve('react')).toBe(require.resolve('preact/compat'));
    expect(require.resolve('react-dom/client')).toBe(require.resolve('preact/compat/client'));
  });
});

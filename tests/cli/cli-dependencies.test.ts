import { join } from 'node:path';
import { build } from 'esbuild';

// The CLI is one host and the plugin another (issue 27 item 6): the CLI words errors with its own
// table (src/cli/cli-error-advice.ts) and takes nothing from the plugin's adapter. Read from the
// bundle esbuild makes of the CLI's entry, so an import through any module counts.

const root = join(__dirname, '..', '..');

it('the CLI bundles no module of src/obsidian', async () => {
  const result = await build({ entryPoints: [join(root, 'src/cli/main.ts')], bundle: true, platform: 'node', format: 'cjs', packages: 'external', write: false, metafile: true, logLevel: 'silent' });
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs.filter((path) => path.startsWith('src/obsidian/'))).toEqual([]);
  expect(inputs).toContain('src/cli/ask-command.ts');
});

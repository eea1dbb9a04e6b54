// `npm run bench`: runs every bench/*.bench.ts in its own Node process (so one benchmark's
// heap and JIT state do not colour another's), one after the other. Each script prints its
// own Markdown table; BENCHMARKS.md keeps the latest tables and the command that made them.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv.slice(2);
const scripts = readdirSync(new URL('.', import.meta.url))
  .filter((name) => name.endsWith('.bench.ts') || name.endsWith('.bench.mjs'))
  .filter((name) => only.length === 0 || only.some((filter) => name.includes(filter)))
  .sort();

let failed = 0;
for (const script of scripts) {
  process.stdout.write(`\n## ${script}\n\n`);
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', `bench/${script}`], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exitCode = failed === 0 ? 0 : 1;

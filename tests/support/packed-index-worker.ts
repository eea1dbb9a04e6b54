import { execFileSync } from 'node:child_process';
import path from 'node:path';

// What `import('inline-worker:../search/worker/index-worker')` gives main.js
// (tools/build/inline-worker.mjs), packed by the same function for jest (jest.config.cjs maps the
// import here): the real indexing script, deflated and Z85-encoded. In a child process,
// because esbuild refuses to run inside jsdom's realm.
const root = path.join(__dirname, '..', '..');
const pack = `
  import { packWorker } from './tools/build/inline-worker.mjs';
  const { packed } = await packWorker('src/search/worker/index-worker.ts', { minify: true, define: { 'process.env.NODE_ENV': '"production"' } });
  process.stdout.write(packed);
`;

const packed: string = execFileSync(process.execPath, ['--input-type=module', '-e', pack], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
export default packed;

// `node tools/build/bundle-breakdown.mjs`: what main.js is made of, by package and by src/ folder
// (bytes each part adds to the production build, from esbuild's metafile of the real options).
import esbuild from 'esbuild';
import { pluginBuildOptions } from './options.mjs';

const result = await esbuild.build({ ...pluginBuildOptions({ production: true }), metafile: true, write: false, logLevel: 'silent' });
const output = Object.values(result.metafile.outputs)[0];
const parts = {};
for (const [file, info] of Object.entries(output.inputs)) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  const key = pkg ? pkg[1] : file.startsWith('src/') ? `src/${file.split('/')[1]}` : file.split('/').slice(0, 2).join('/');
  parts[key] = (parts[key] ?? 0) + info.bytesInOutput;
}
process.stdout.write(`main.js: ${output.bytes} bytes\n`);
for (const [key, bytes] of Object.entries(parts).sort((a, b) => b[1] - a[1]).slice(0, 30)) process.stdout.write(`${String(bytes).padStart(9)}  ${key}\n`);

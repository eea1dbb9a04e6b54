// Regenerates src/search/embeddings/int8-dots-module.ts from int8-dots.wat.
//   npm run build:wasm
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileWat, moduleSource } from './compile-wat';

async function main(): Promise<void> {
  const folder = join(__dirname, '..', '..', 'src', 'search', 'embeddings');
  const binary = await compileWat(join(folder, 'int8-dots.wat'));
  writeFileSync(join(folder, 'int8-dots-module.ts'), moduleSource(binary));
  process.stdout.write(`int8-dots-module.ts: ${binary.length} bytes of WebAssembly\n`);
}

void main();

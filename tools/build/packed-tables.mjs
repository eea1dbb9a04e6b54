import esbuild from 'esbuild';
import path from 'node:path';
import vm from 'node:vm';
import { packBytes } from './inline-worker.mjs';

// The UI's strings (src/i18n/tables/<code>.ts) are about 20 KB a language and only one language
// is ever read, the one Obsidian's language picks. main.js carries each table as packed text
// instead (JSON deflated and Z85-encoded, like the index worker's script): the module's export
// becomes that string, and src/i18n/language-tables.ts unpacks English (the keys and the
// fallback) and the one chosen. English is packed as an object; the other languages as their
// strings alone, in English's key order, so the keys are carried once.

const TABLE = /[\\/]src[\\/]i18n[\\/]tables[\\/](en|de|es|fr|zh|ja)\.ts$/;

/** The object `file` exports as `name`. */
async function readTable(file, name) {
  // The table's TypeScript made JavaScript and run in an empty context: it is data, an object of strings.
  const result = await esbuild.build({ entryPoints: [file], bundle: true, write: false, format: 'cjs', platform: 'neutral', logLevel: 'silent' });
  const module = { exports: {} };
  vm.runInNewContext(result.outputFiles[0].text, { module, exports: module.exports });
  const table = module.exports[name];
  if (table === null || typeof table !== 'object') throw new Error(`${file} does not export the table "${name}".`);
  return table;
}

/** The table of `language` in `file`, packed as main.js carries it. */
export async function packTable(file, language) {
  const table = await readTable(file, language);
  if (language === 'en') return packBytes(new TextEncoder().encode(JSON.stringify(table)));
  const english = await readTable(path.join(path.dirname(file), 'en.ts'), 'en');
  const values = Object.keys(english).map((key) => {
    if (typeof table[key] !== 'string') throw new Error(`${file} has no string for "${key}".`);
    return table[key];
  });
  return packBytes(new TextEncoder().encode(JSON.stringify(values)));
}

export const packedTablesPlugin = {
  name: 'packed-tables',
  setup(build) {
    build.onLoad({ filter: TABLE }, async (args) => {
      const language = TABLE.exec(args.path)[1];
      return { contents: `export const ${language} = ${JSON.stringify(await packTable(path.resolve(args.path), language))};`, loader: 'js', watchFiles: [path.resolve(args.path), path.join(path.dirname(args.path), 'en.ts')] };
    });
  },
};

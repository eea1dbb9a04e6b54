import esbuild from 'esbuild';
import path from 'node:path';
import vm from 'node:vm';
import { packBytes } from './inline-worker.mjs';

// The UI's strings (src/i18n/tables/<code>.ts) are about 20 KB a language and only one language
// is ever read, the one Obsidian's language picks. main.js carries each other language's table
// as packed text instead (its strings in English's key order, deflated and Z85-encoded, like the
// index worker's script): the module's export becomes that string, and
// src/i18n/language-tables.ts unpacks the one chosen. English (the keys and the fallback, and the
// names `onload` registers commands under) is carried as the `JSON.parse` of its text: unpacking
// it was most of `onload` (about 11.6 ms of 15, BENCHMARKS.md "Bundle size and plugin startup"),
// for 26 KiB of main.js.

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

/** English's table in `file` as main.js carries it: the text of a module that parses its JSON. */
export async function englishTableModule(file) {
  return `export const en = JSON.parse(${JSON.stringify(JSON.stringify(await readTable(file, 'en')))});`;
}

/** The table of `language` (not English) in `file`, packed as main.js carries it. */
export async function packTable(file, language) {
  const table = await readTable(file, language);
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
      const contents = language === 'en' ? await englishTableModule(path.resolve(args.path)) : `export const ${language} = ${JSON.stringify(await packTable(path.resolve(args.path), language))};`;
      return { contents, loader: 'js', watchFiles: [path.resolve(args.path), path.join(path.dirname(args.path), 'en.ts')] };
    });
  },
};

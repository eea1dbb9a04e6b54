import type { Plugin } from 'esbuild';

/** See packed-tables.mjs: the table `language` (not English) exports from `file`, packed as main.js carries it. */
export declare function packTable(file: string, language: string): Promise<string>;
/** See packed-tables.mjs: English's table as main.js carries it, the text of a module that parses its JSON. */
export declare function englishTableModule(file: string): Promise<string>;
/** Packs the string tables of src/i18n/tables when bundled. */
export declare const packedTablesPlugin: Plugin;

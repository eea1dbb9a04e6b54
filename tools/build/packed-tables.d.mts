import type { Plugin } from 'esbuild';

/** See packed-tables.mjs: the table `language` exports from `file`, packed as main.js carries it (see packed-tables.mjs). */
export declare function packTable(file: string, language: string): Promise<string>;
/** Packs the string tables of src/i18n/tables when bundled. */
export declare const packedTablesPlugin: Plugin;

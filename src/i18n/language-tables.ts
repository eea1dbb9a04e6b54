import { unpackWorkerSource } from '../search/worker';
import type { Language } from './languages';
import type { MessageTable } from './message-table';
import { de } from './tables/de';
import { en } from './tables/en';
import { es } from './tables/es';
import { fr } from './tables/fr';
import { ja } from './tables/ja';
import { zh } from './tables/zh';

/**
 * Every language's table. In main.js the non-English ones are packed text (deflated and
 * Z85-encoded by esbuild.packed-tables.mjs, as the index worker's script is): a table is
 * unpacked only when its language is chosen. Under jest, the CLI and the playground they are the
 * plain objects of src/i18n/tables.
 */
const TABLES: Readonly<Record<Language, MessageTable | string>> = { en, de, es, fr, zh, ja };

/** The table of `language`, unpacked when the build packed it. */
export function languageTable(language: Language): MessageTable {
  const table = TABLES[language];
  return typeof table === 'string' ? (JSON.parse(unpackWorkerSource(table)) as MessageTable) : table;
}

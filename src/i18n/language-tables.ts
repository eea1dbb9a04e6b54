import { unpackPackedText } from '../packed-text';
import type { Language } from './languages';
import type { MessageKey, MessageTable } from './message-table';
import { de } from './tables/de';
import { en } from './tables/en';
import { es } from './tables/es';
import { fr } from './tables/fr';
import { ja } from './tables/ja';
import { zh } from './tables/zh';

/**
 * Every language's table. In main.js each but English is packed text (tools/build/packed-tables.mjs:
 * its strings in English's key order, deflated and Z85-encoded, as the index worker's script is)
 * and only the chosen language is unpacked; English is parsed from its JSON text, since `onload`
 * needs it. Under jest, the CLI and the playground they are the plain objects of src/i18n/tables.
 */
const TABLES: Readonly<Record<Language, MessageTable | string>> = { en, de, es, fr, zh, ja };

let english: MessageTable | null = null;

/** The table of `language`, unpacked when the build packed it. */
export function languageTable(language: Language): MessageTable {
  english ??= unpackEnglishTable(TABLES.en);
  return language === 'en' ? english : unpackTable(TABLES[language], english);
}

/** English's table packed (an object), or the table itself (as main.js carries it). */
export function unpackEnglishTable(table: MessageTable | string): MessageTable {
  return typeof table === 'string' ? (JSON.parse(unpackPackedText(table)) as MessageTable) : table;
}

/** Another language's table as main.js packs it (its strings in English's key order), or the table itself. */
export function unpackTable(table: MessageTable | string, englishTable: MessageTable): MessageTable {
  if (typeof table !== 'string') return table;
  const values = JSON.parse(unpackPackedText(table)) as readonly string[];
  const keys = Object.keys(englishTable) as MessageKey[];
  return Object.fromEntries(keys.map((key, index) => [key, values[index] ?? englishTable[key]])) as MessageTable;
}

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
const TABLES: Readonly<Record<Exclude<Language, 'en'>, MessageTable | string>> = { de, es, fr, zh, ja };

/**
 * Where a language's strings, once unpacked, are kept between launches (the plugin: Obsidian's
 * local storage on this device): unpacking a table is most of `onload` for a language other than
 * English (inflate, and fflate evaluated for it), reading it back is a `JSON.parse`.
 */
export interface UnpackedStringsStore {
  load(key: string): unknown;
  save(key: string, value: unknown): void;
}

/** The table of `language`, unpacked when the build packed it (through `store` when given). */
export function languageTable(language: Language, store?: UnpackedStringsStore): MessageTable {
  return language === 'en' ? en : unpackTable(TABLES[language], en, store === undefined ? undefined : { store, key: `glassbox-strings-${language}` });
}

/**
 * Another language's table as main.js packs it (its strings in English's key order), or the table
 * itself. With `kept`, strings unpacked from the same packed text at an earlier launch are read
 * back instead, and newly unpacked ones are kept.
 */
export function unpackTable(table: MessageTable | string, englishTable: MessageTable, kept?: { readonly store: UnpackedStringsStore; readonly key: string }): MessageTable {
  if (typeof table !== 'string') return table;
  const values = kept === undefined ? unpackStrings(table) : keptStrings(table, kept.store, kept.key);
  const keys = Object.keys(englishTable) as MessageKey[];
  return Object.fromEntries(keys.map((key, index) => [key, values[index] ?? englishTable[key]])) as MessageTable;
}

function unpackStrings(packed: string): readonly string[] {
  return JSON.parse(unpackPackedText(packed)) as readonly string[];
}

/** The strings kept under `key` when they were unpacked from this very text (a new build's table is unpacked again). */
function keptStrings(packed: string, store: UnpackedStringsStore, key: string): readonly string[] {
  // The packed text's length and its last characters (the end of the deflated stream) tell builds apart.
  const fingerprint = `${packed.length}:${packed.slice(-48)}`;
  const kept = readKept(store, key);
  if (kept?.fingerprint === fingerprint && Array.isArray(kept.values) && kept.values.every((value) => typeof value === 'string')) return kept.values;
  const values = unpackStrings(packed);
  try {
    store.save(key, { fingerprint, values });
  } catch {
    // A full or unavailable storage only means the next launch unpacks again.
  }
  return values;
}

function readKept(store: UnpackedStringsStore, key: string): { fingerprint?: unknown; values?: unknown } | null {
  try {
    const kept = store.load(key);
    return typeof kept === 'object' && kept !== null ? kept : null;
  } catch {
    return null;
  }
}

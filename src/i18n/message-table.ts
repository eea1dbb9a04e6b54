import type { en } from './tables/en';

/** The English table's type: its keys are every key, its values the English text. */
export type EnglishTable = typeof en;

/** A key of the UI's string table. */
export type MessageKey = keyof EnglishTable;

/**
 * A whole table: every key, no other (the other languages are declared with this type, so a
 * missing key is a type error and an extra one is an excess property; tests/i18n checks both again).
 */
export type MessageTable = { readonly [K in MessageKey]: string };

/** The `{name}` placeholders of a string, as a union of names. */
export type Placeholders<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** A key whose string has no placeholders (a table of labels may hold any of these). */
export type PlainKey = { [K in MessageKey]: [Placeholders<EnglishTable[K]>] extends [never] ? K : never }[MessageKey];

/** The values a key's placeholders take (numbers are formatted for the language). */
export type MessageValues<K extends MessageKey> = { readonly [Name in Placeholders<EnglishTable[K]>]: string | number };

/** The arguments after the key: none for a string without placeholders, else its values. */
export type MessageArgs<K extends MessageKey> = [Placeholders<EnglishTable[K]>] extends [never] ? [] : [values: MessageValues<K>];

/** A key with a `.one` and an `.other` form, without the suffix: a count chooses the form. */
export type CountedKey = { [K in MessageKey]: K extends `${infer Base}.other` ? (`${Base}.one` extends MessageKey ? Base : never) : never }[MessageKey];

/** The values of a counted key besides `count`. */
export type CountedArgs<Base extends CountedKey> = [Exclude<Placeholders<EnglishTable[`${Base}.other`]>, 'count'>] extends [never]
  ? []
  : [values: { readonly [Name in Exclude<Placeholders<EnglishTable[`${Base}.other`]>, 'count'>]: string | number }];

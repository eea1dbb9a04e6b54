import { jsonrepair } from 'jsonrepair';

/** A JSON text read as it is, or after one repair, or not at all. */
export type ReadJson = { readonly ok: true; readonly value: unknown; readonly repaired: boolean } | { readonly ok: false };

/**
 * Parses JSON text; when it is not valid, makes one repair attempt with `jsonrepair` (single
 * quotes, trailing commas, missing quotes or brackets, backslash-escaped quotes as LM Studio's
 * docs show them) and parses that. Never throws.
 */
export function readJsonValue(text: string): ReadJson {
  try {
    return { ok: true, value: JSON.parse(text) as unknown, repaired: false };
  } catch {
    // Not valid JSON: one repair attempt below.
  }
  try {
    return { ok: true, value: JSON.parse(jsonrepair(text)) as unknown, repaired: true };
  } catch {
    return { ok: false };
  }
}

/**
 * A note's text made comparable with quotations: lower case, one space for any run of
 * whitespace (line breaks included), typographic quotes and dashes as plain ones, and Markdown's
 * emphasis and link brackets dropped, since an answer quotes the words, not the markup.
 * `offsets[i]` is where the i-th character came from, so a match gives back its line.
 */
export interface NormalisedText {
  readonly text: string;
  readonly offsets: readonly number[];
}

const DROPPED = new Set(['*', '_', '`', '~', '=', '[', ']']);
const SAME_AS: Readonly<Record<string, string>> = { '“': '"', '”': '"', '„': '"', '‘': "'", '’': "'", '–': '-', '—': '-', '\u00a0': ' ' };

/** Normalises text as described on {@link NormalisedText}. */
export function normaliseText(source: string): NormalisedText {
  let text = '';
  const offsets: number[] = [];
  let pendingSpace = false;
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (DROPPED.has(char)) continue;
    const mapped = SAME_AS[char] ?? char;
    if (/\s/.test(mapped)) {
      pendingSpace = text !== '';
      continue;
    }
    if (pendingSpace) {
      text += ' ';
      offsets.push(index - 1);
      pendingSpace = false;
    }
    text += mapped.toLowerCase();
    offsets.push(index);
  }
  return { text, offsets };
}

/**
 * Where a quotation stands in a note (1-based line of its first word), or undefined when the note
 * does not hold it. An ellipsis (`…`, `...`, `[…]`) in the quotation leaves words out: each part
 * must be found, in order. Punctuation at either end is not the note's (`“within 30 days.”`).
 */
export function findQuote(quote: string, note: NormalisedText, source: string): number | undefined {
  const parts = quote
    .split(/\[?(?:…|\.\.\.)\]?/)
    .map((part) => normaliseText(part).text.replace(/^[\s.,;:!?'"()-]+|[\s.,;:!?'"()-]+$/g, ''))
    .filter((part) => part !== '');
  if (parts.length === 0) return undefined;
  let from = 0;
  let first: number | undefined;
  for (const part of parts) {
    const at = note.text.indexOf(part, from);
    if (at < 0) return undefined;
    first ??= at;
    from = at + part.length;
  }
  return lineAt(source, note.offsets[first ?? 0] ?? 0);
}

function lineAt(source: string, offset: number): number {
  let line = 1;
  for (let index = source.indexOf('\n'); index >= 0 && index < offset; index = source.indexOf('\n', index + 1)) line += 1;
  return line;
}

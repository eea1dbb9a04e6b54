/** Markup an answer leaves out when it quotes a note: emphasis, highlights, link brackets, quote marks of lines. */
const MARKUP = '[*_`~=\\[\\]>]*';
/** Between two words of a quotation the note may have any whitespace (line breaks too) and markup. */
const GAP = '[\\s*_`~=\\[\\]>]+';
/** Characters that stand for each other: typographic quotes and dashes as plain ones, a no-break space as a space. */
const SAME_AS: Readonly<Record<string, string>> = { '"': '["“”„]', '“': '["“”„]', '”': '["“”„]', '„': '["“”„]', "'": "['‘’]", '‘': "['‘’]", '’': "['‘’]", '-': '[-–—]', '–': '[-–—]', '—': '[-–—]' };
const DROPPED = /[*_`~=[\]]/g;
const EDGE_PUNCTUATION = /^[\s.,;:!?'"“”‘’()-]+|[\s.,;:!?'"“”‘’()-]+$/g;

/**
 * Where a quotation stands in a note (1-based line of its first word), or undefined when the note
 * does not hold it: case aside, any whitespace (line breaks included) between words, typographic
 * quotes and dashes as plain ones, Markdown emphasis and link brackets ignored, since an answer
 * quotes the words, not the markup. An ellipsis (`…`, `...`, `[…]`) leaves words out: each part
 * must be found, in order. Punctuation at either end is not the note's (`“within 30 days.”`).
 * One native regular expression per part over the note's text: no copy of the note is made.
 */
export function findQuote(quote: string, note: string): number | undefined {
  const parts = quote
    .split(/\[?(?:…|\.\.\.)\]?/)
    .map((part) => part.replace(DROPPED, '').replace(EDGE_PUNCTUATION, ''))
    .filter((part) => part.trim() !== '');
  if (parts.length === 0) return undefined;
  let from = 0;
  let first: number | undefined;
  for (const part of parts) {
    const pattern = new RegExp(partPattern(part.trim()), 'giu');
    pattern.lastIndex = from;
    const match = pattern.exec(note);
    if (match === null) return undefined;
    first ??= match.index;
    from = match.index + match[0].length;
  }
  return lineAt(note, first ?? 0);
}

/** Words and punctuation as in the quotation, with markup allowed between them (`Kowalski]],`) and any gap where it has whitespace. */
function partPattern(part: string): string {
  let pattern = '';
  let previous: 'gap' | 'text' | null = null;
  for (const token of part.match(/[\p{L}\p{N}]+|\s+|[^\s\p{L}\p{N}]/gu) ?? []) {
    if (/^\s/.test(token)) {
      pattern += GAP;
      previous = 'gap';
      continue;
    }
    if (previous === 'text') pattern += MARKUP;
    pattern += SAME_AS[token] ?? token.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    previous = 'text';
  }
  return pattern;
}

function lineAt(source: string, offset: number): number {
  let line = 1;
  for (let index = source.indexOf('\n'); index >= 0 && index < offset; index = source.indexOf('\n', index + 1)) line += 1;
  return line;
}

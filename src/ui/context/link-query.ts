/** An unfinished `[[` before the caret: where it starts and what was typed after it. */
export interface LinkQuery {
  readonly start: number;
  readonly query: string;
}

/**
 * The `[[query` the caret is in, or null: the last `[[` before the caret with no `]]`, `[` or line
 * break between them. The `[[` suggester opens on it.
 */
export function linkQueryAt(text: string, caret: number): LinkQuery | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('[[');
  if (start === -1) return null;
  const query = before.slice(start + 2);
  if (/[\]\n[|#^]/.test(query)) return null;
  return { start, query };
}

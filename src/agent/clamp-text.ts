/**
 * Shortens `text` to at most `max` characters, ending with an ellipsis when it had to cut.
 * Cuts never split a UTF-16 surrogate pair, so a clamped emoji or CJK supplement character
 * does not turn into a lone surrogate in the saved JSON.
 *
 * @example clampText('Searching the whole vault', 12) // "Searching t…"
 */
export function clampText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/**
 * One display line: whitespace runs (newlines included) collapsed to single spaces, trimmed,
 * then clamped to `max` characters. Used for step summaries, which are one bullet line.
 */
export function clampLine(text: string, max: number): string {
  return clampText(text.replace(/\s+/g, ' ').trim(), max);
}

/** The first non-blank line of `text`, trimmed (empty when there is none). */
export function firstLine(text: string): string {
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed !== '') return trimmed;
  }
  return '';
}

/**
 * The first `length` characters of `text` (all of it when shorter), never ending on the first
 * half of a surrogate pair: a cut emoji does not become a lone surrogate in saved JSON.
 *
 * @example textPrefix('ab😀', 3) // "ab"
 */
export function textPrefix(text: string, length: number): string {
  if (text.length <= length) return text;
  const end = Math.max(0, length);
  const code = text.charCodeAt(end - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? end - 1 : end);
}

/**
 * Shares `budgetChars` out over texts: the smallest are sent whole while they fit their share,
 * and what they leave goes to the larger ones (water filling), so one huge note cannot crowd out
 * a short selection. Returns each text as sent, cut near a line break when one is close.
 */
export function cutToBudget(texts: readonly string[], budgetChars: number): string[] {
  const shares = new Array<number>(texts.length).fill(0);
  const order = texts.map((text, index) => ({ index, length: text.length })).sort((a, b) => a.length - b.length);
  let left = Math.max(0, budgetChars);
  order.forEach((entry, position) => {
    const share = Math.min(entry.length, Math.floor(left / (order.length - position)));
    shares[entry.index] = share;
    left -= share;
  });
  return texts.map((text, index) => cutText(text, shares[index]));
}

/** `text` cut to at most `max` characters: after the last line break in the final tenth, never inside a surrogate pair. */
function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const lineBreak = text.lastIndexOf('\n', end - 1);
  if (lineBreak >= 0 && lineBreak + 1 >= end - Math.floor(max / 10)) end = lineBreak + 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, Math.max(0, end));
}

/**
 * True when a note's text looks like binary data rather than writing: a NUL character, or more
 * than one in ten of its first 4,096 characters being control characters or U+FFFD (bytes that
 * were not UTF-8). Such text would only cost tokens and confuse the model.
 */
export function looksBinary(text: string): boolean {
  const sample = text.slice(0, 4096);
  if (sample.includes('\u0000')) return true;
  let odd = 0;
  for (let index = 0; index < sample.length; index += 1) {
    const code = sample.charCodeAt(index);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0xfffd) odd += 1;
  }
  return sample.length > 0 && odd * 10 > sample.length;
}

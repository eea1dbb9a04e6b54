/** "300", "1.2k", "15k": an estimated token count at a glance. */
export function compactTokens(tokens: number): string {
  if (tokens < 1000) return String(tokens);
  const thousands = tokens / 1000;
  return `${thousands < 10 ? thousands.toFixed(1).replace(/\.0$/, '') : Math.round(thousands)}k`;
}

/** "~300 tokens", "~1.2k tokens": a chip's size. */
export function tokenLabel(tokens: number): string {
  return `~${compactTokens(tokens)} tokens`;
}

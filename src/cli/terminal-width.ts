/**
 * Terminal column widths, so the live block of `glassbox ask` can cut a line to the screen
 * width. The in-place redraw counts one screen row per line; a line wider than the terminal
 * wraps and the count is off, leaving stale rows behind. CJK and emoji take two columns,
 * combining marks and zero-width characters none (a close approximation of `wcwidth`).
 */
export function columnWidth(codePoint: number): 0 | 1 | 2 {
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) return 0;
  if (
    (codePoint >= 0x0300 && codePoint <= 0x036f) ||
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f)
  ) {
    return 0;
  }
  if (
    (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0x303e) ||
    (codePoint >= 0x3041 && codePoint <= 0x33ff) ||
    (codePoint >= 0x3400 && codePoint <= 0x4dbf) ||
    (codePoint >= 0x4e00 && codePoint <= 0x9fff) ||
    (codePoint >= 0xa000 && codePoint <= 0xa4cf) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0xffe0 && codePoint <= 0xffe6) ||
    (codePoint >= 0x1f300 && codePoint <= 0x1f64f) ||
    (codePoint >= 0x1f900 && codePoint <= 0x1f9ff) ||
    (codePoint >= 0x20000 && codePoint <= 0x3fffd)
  ) {
    return 2;
  }
  return 1;
}

/**
 * Cuts `line` (plain text, no escape codes) to at most `width` terminal columns, ending in "…"
 * when cut. Never splits a surrogate pair.
 */
export function fitToColumns(line: string, width: number): string {
  let used = 0;
  let total = 0;
  for (const char of line) total += columnWidth(char.codePointAt(0) ?? 0);
  if (total <= width) return line;
  let out = '';
  for (const char of line) {
    const w = columnWidth(char.codePointAt(0) ?? 0);
    if (used + w > width - 1) break;
    out += char;
    used += w;
  }
  return `${out}…`;
}

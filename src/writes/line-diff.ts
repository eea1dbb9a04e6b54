/** One line of a diff: unchanged, added, or removed. */
export interface DiffOp {
  readonly op: ' ' | '+' | '-';
  readonly text: string;
}

/** Above this many cells of the comparison table, the changed middle shows as removed then added. */
const MAX_TABLE_CELLS = 4_000_000;

/**
 * The lines of `before` and `after` as a diff, in order. The common first and last lines are
 * found directly (a write changes one place of a note), and only the middle between them is
 * compared line by line (longest common subsequence), so appending to a long note stays cheap.
 */
export function diffLines(before: readonly string[], after: readonly string[]): DiffOp[] {
  return diffSequences(before, after).map(({ op, item }) => ({ op, text: item }));
}

/** The same diff over any sequence of comparable items (lines, or the words of a line). */
export function diffSequences<T>(before: readonly T[], after: readonly T[]): { op: ' ' | '+' | '-'; item: T }[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore -= 1;
    endAfter -= 1;
  }
  const ops: { op: ' ' | '+' | '-'; item: T }[] = [];
  for (let index = 0; index < start; index += 1) ops.push({ op: ' ', item: before[index] });
  ops.push(...diffMiddle(before.slice(start, endBefore), after.slice(start, endAfter)));
  for (let index = endBefore; index < before.length; index += 1) ops.push({ op: ' ', item: before[index] });
  return ops;
}

function diffMiddle<T>(before: readonly T[], after: readonly T[]): { op: ' ' | '+' | '-'; item: T }[] {
  const rows = before.length;
  const cols = after.length;
  if (rows === 0 || cols === 0 || rows * cols > MAX_TABLE_CELLS) {
    return [...before.map((item) => ({ op: '-' as const, item })), ...after.map((item) => ({ op: '+' as const, item }))];
  }
  // lengths[i][j]: the longest common subsequence of before[i..] and after[j..].
  const width = cols + 1;
  const lengths = new Uint32Array((rows + 1) * width);
  for (let i = rows - 1; i >= 0; i -= 1) {
    for (let j = cols - 1; j >= 0; j -= 1) {
      lengths[i * width + j] = before[i] === after[j] ? lengths[(i + 1) * width + j + 1] + 1 : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
    }
  }
  const ops: { op: ' ' | '+' | '-'; item: T }[] = [];
  let i = 0;
  let j = 0;
  while (i < rows && j < cols) {
    if (before[i] === after[j]) {
      ops.push({ op: ' ', item: before[i] });
      i += 1;
      j += 1;
    } else if (lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
      ops.push({ op: '-', item: before[i] });
      i += 1;
    } else {
      ops.push({ op: '+', item: after[j] });
      j += 1;
    }
  }
  while (i < rows) ops.push({ op: '-', item: before[i++] });
  while (j < cols) ops.push({ op: '+', item: after[j++] });
  return ops;
}

/** A note's lines; a final line break does not make an extra empty line, and an empty note has none. */
export function noteLines(text: string): string[] {
  if (text === '') return [];
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  return body.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

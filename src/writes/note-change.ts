import type { ReasoningChange } from '../markers';
import { diffLines, noteLines } from './line-diff';

/** Unchanged lines shown around each change. */
const CONTEXT_LINES = 2;
/** Diff entries kept in the trace and on the card; the counts stay exact beyond them. */
const MAX_ENTRIES = 200;
/** Characters kept of one line. */
const MAX_LINE_CHARS = 300;

/**
 * The change from `before` to `after` of the note at `path`, as the trace keeps it (see
 * {@link ReasoningChange}): exact +N −M, and a diff with two lines of context around each change,
 * longer runs of unchanged lines left out, cut after {@link MAX_ENTRIES} entries.
 */
export function describeNoteChange(path: string, before: string, after: string): ReasoningChange {
  const ops = diffLines(noteLines(before), noteLines(after));
  const added = ops.filter((line) => line.op === '+').length;
  const removed = ops.filter((line) => line.op === '-').length;
  const near = new Uint8Array(ops.length);
  ops.forEach((line, index) => {
    if (line.op === ' ') return;
    for (let other = Math.max(0, index - CONTEXT_LINES); other <= Math.min(ops.length - 1, index + CONTEXT_LINES); other += 1) near[other] = 1;
  });
  const diff: string[] = [];
  let skipped = 0;
  for (let index = 0; index < ops.length; index += 1) {
    if (near[index] === 0) {
      skipped += 1;
      continue;
    }
    if (skipped > 0) diff.push(`@${skipped}`);
    skipped = 0;
    if (diff.length >= MAX_ENTRIES) {
      diff.push('…');
      return { path, added, removed, diff };
    }
    const line = ops[index];
    diff.push(line.op + (line.text.length > MAX_LINE_CHARS ? `${line.text.slice(0, MAX_LINE_CHARS)}…` : line.text));
  }
  if (skipped > 0) diff.push(`@${skipped}`);
  return { path, added, removed, diff };
}

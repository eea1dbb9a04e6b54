import type { ReasoningChange } from '../markers';
import { diffLines, noteLines } from './line-diff';

/** Unchanged lines shown around each change. */
const CONTEXT_LINES = 2;
/** Diff entries kept in the trace and on the card; the counts stay exact beyond them. */
const MAX_ENTRIES = 200;
/** Characters kept of one line. */
const MAX_LINE_CHARS = 300;

/** Added text another plugin may run or a renderer may load: never left out of a diff, never cut (DESIGN.md 12.6). */
const RUNNABLE = /<%|```|<script/i;

/** The whole diff of each change made here, for a host that lets the user page past the cut (the CLI's `v`). */
const fullDiffs = new WeakMap<ReasoningChange, readonly string[]>();

/**
 * The change from `before` to `after` of the note at `path`, as the trace keeps it (see
 * {@link ReasoningChange}): exact +N −M, and a diff with two lines of context around each change,
 * longer runs of unchanged lines left out, cut after {@link MAX_ENTRIES} entries and each line
 * after {@link MAX_LINE_CHARS} characters. An added line holding `<%`, a code fence or
 * `<script` is never cut and never left out: after the cut, those lines still follow the `…`.
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
  const full: string[] = [];
  const diff: string[] = [];
  let skipped = 0;
  let cut = false;
  for (let index = 0; index < ops.length; index += 1) {
    if (near[index] === 0) {
      skipped += 1;
      continue;
    }
    if (skipped > 0) {
      full.push(`@${skipped}`);
      if (!cut) diff.push(`@${skipped}`);
    }
    skipped = 0;
    const line = ops[index];
    full.push(line.op + line.text);
    if (!cut && diff.length >= MAX_ENTRIES) {
      diff.push('…');
      cut = true;
    }
    const runnable = line.op === '+' && RUNNABLE.test(line.text);
    if (cut) {
      if (runnable) diff.push(line.op + line.text);
      continue;
    }
    diff.push(line.op + (line.text.length > MAX_LINE_CHARS && !runnable ? `${line.text.slice(0, MAX_LINE_CHARS)}…` : line.text));
  }
  if (skipped > 0) {
    full.push(`@${skipped}`);
    if (!cut) diff.push(`@${skipped}`);
  }
  const change: ReasoningChange = { path, added, removed, diff };
  fullDiffs.set(change, full);
  return change;
}

/** The whole diff of a change {@link describeNoteChange} made (no entry cap, no line cut), or undefined for another change. */
export function fullDiffOf(change: ReasoningChange): readonly string[] | undefined {
  return fullDiffs.get(change);
}

import type { ReasoningChange } from '../../markers';
import { diffSequences } from '../../writes';
import { t, tCount } from '../../i18n';

/** A piece of a changed line: `changed` pieces are the words that differ from the paired line. */
export interface DiffPiece {
  readonly text: string;
  readonly changed: boolean;
}

/** One row of the diff as shown. */
export type DiffRow =
  | { readonly kind: 'added' | 'removed' | 'same'; readonly pieces: readonly DiffPiece[] }
  | { readonly kind: 'gap'; readonly lines: number }
  | { readonly kind: 'cut' };

/** Words, runs of spaces, and single other characters: what a word-level highlight marks. */
const TOKEN = /[\p{L}\p{N}_]+|\s+|[^\p{L}\p{N}_\s]/gu;
/** Longer lines are highlighted whole (the word table would grow with the square of their length). */
const MAX_WORDS = 400;

/**
 * The rows of a change's compact diff. A run of removed lines followed by a run of added lines
 * is an edit: the lines are paired in order and the words that differ are marked, so a
 * one-word fix shows as one highlighted word, not two whole lines.
 */
export function diffRows(change: ReasoningChange): DiffRow[] {
  const rows: DiffRow[] = [];
  const lines = change.diff;
  let index = 0;
  while (index < lines.length) {
    const line = lines[index];
    const op = line.charAt(0);
    if (op === '@') {
      rows.push({ kind: 'gap', lines: Number.parseInt(line.slice(1), 10) || 0 });
      index += 1;
    } else if (op === '…') {
      rows.push({ kind: 'cut' });
      index += 1;
    } else if (op === '-') {
      const removed = takeRun(lines, index, '-');
      const added = takeRun(lines, index + removed.length, '+');
      removed.forEach((text, at) => rows.push({ kind: 'removed', pieces: at < added.length ? wordPieces(text, added[at], '-') : whole(text) }));
      added.forEach((text, at) => rows.push({ kind: 'added', pieces: at < removed.length ? wordPieces(removed[at], text, '+') : whole(text) }));
      index += removed.length + added.length;
    } else if (op === '+') {
      const added = takeRun(lines, index, '+');
      added.forEach((text) => rows.push({ kind: 'added', pieces: whole(text) }));
      index += added.length;
    } else {
      rows.push({ kind: 'same', pieces: whole(line.slice(1)) });
      index += 1;
    }
  }
  return rows;
}

function takeRun(lines: readonly string[], from: number, op: string): string[] {
  const run: string[] = [];
  for (let index = from; index < lines.length && lines[index].charAt(0) === op; index += 1) run.push(lines[index].slice(1));
  return run;
}

function whole(text: string): DiffPiece[] {
  return [{ text, changed: false }];
}

/** The pieces of one side of a paired edit: `side` `-` shows `before`'s words, `+` `after`'s. */
function wordPieces(before: string, after: string, side: '-' | '+'): DiffPiece[] {
  const a = before.match(TOKEN) ?? [];
  const b = after.match(TOKEN) ?? [];
  const own = side === '-' ? before : after;
  if (a.length > MAX_WORDS || b.length > MAX_WORDS) return [{ text: own, changed: true }];
  const pieces: DiffPiece[] = [];
  for (const { op, item } of diffSequences(a, b)) {
    if (op === (side === '-' ? '+' : '-')) continue;
    const changed = op !== ' ';
    const last = pieces.at(-1);
    if (last !== undefined && last.changed === changed) pieces[pieces.length - 1] = { text: last.text + item, changed };
    else pieces.push({ text: item, changed });
  }
  return pieces;
}

/** "3 lines added, 1 removed", for screen readers and the step line. */
export function describeCounts(change: Pick<ReasoningChange, 'added' | 'removed'>): string {
  const added = tCount('write.linesAdded', change.added);
  return change.removed === 0 ? added : t('write.alsoRemoved', { added, count: change.removed });
}

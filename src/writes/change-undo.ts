import type { ReasoningChangeUndo } from '../markers';
import { contentHash } from './content-hash';

/**
 * What undoing a write from `before` (null: the write created the note) to `after` needs: the
 * one changed stretch (a write changes one place: an append, one find/replace, a whole new note)
 * found as the common start and end of the two texts, the text it replaced, and both fingerprints.
 */
export function changeUndo(before: string | null, after: string): ReasoningChangeUndo {
  const old = before ?? '';
  let start = 0;
  while (start < old.length && start < after.length && old.charCodeAt(start) === after.charCodeAt(start)) start += 1;
  let end = 0;
  while (end < old.length - start && end < after.length - start && old.charCodeAt(old.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end += 1;
  return { before: before === null ? null : contentHash(before), after: contentHash(after), at: start, inserted: after.length - start - end, removed: old.slice(start, old.length - end) };
}

/** The text before the write, from the text it left; null when `after` is not what it left or the record does not fit it. */
export function textBeforeWrite(after: string, undo: ReasoningChangeUndo): string | null {
  if (contentHash(after) !== undo.after || undo.at + undo.inserted > after.length) return null;
  const before = after.slice(0, undo.at) + undo.removed + after.slice(undo.at + undo.inserted);
  if (undo.before !== null && contentHash(before) !== undo.before) return null;
  return before;
}

/** A write's undo record as read from a saved trace, or undefined when it has none or it is not well formed. */
export function readChangeUndo(change: unknown): ReasoningChangeUndo | undefined {
  if (typeof change !== 'object' || change === null) return undefined;
  const undo = (change as { undo?: unknown }).undo;
  if (typeof undo !== 'object' || undo === null) return undefined;
  const { before, after, at, inserted, removed } = undo as Record<string, unknown>;
  const isOffset = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
  if ((before !== null && typeof before !== 'string') || typeof after !== 'string' || !isOffset(at) || !isOffset(inserted) || typeof removed !== 'string') return undefined;
  return { before, after, at, inserted, removed };
}

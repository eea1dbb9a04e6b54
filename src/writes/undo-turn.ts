import { readToolChange, type ReasoningChangeUndo } from '../markers';
import { readChangeUndo, textBeforeWrite } from './change-undo';
import { contentHash } from './content-hash';
import type { UndoOutcome } from './note-change-log';
import type { NoteWriter } from './note-writer';
import { t, tCount } from '../i18n';

/** The steps of a run's trace, as far as undo reads them. */
export type TurnSteps = readonly { readonly tool?: { readonly status: string; readonly change?: unknown } }[];

/** What undo does to one note: trash it (the run created it) or put back its text. */
type NoteRevert = { readonly path: string; readonly current: string; readonly restore: string | null };

/**
 * "Undo this turn" (DESIGN.md 12.3): takes back every note write a run made, from what its saved
 * trace holds (each write's undo record, docs/decisions/undo-a-turn.md), so it works after a
 * restart. Every note is checked first: when any of them changed since the run wrote it, nothing
 * is changed and the outcome names them. A note the run created goes to the trash; the others get
 * their text from before the run back. A note already back as it was is left alone.
 */
export async function undoTurn(steps: TurnSteps, writer: NoteWriter): Promise<UndoOutcome> {
  const byPath = new Map<string, ReasoningChangeUndo[]>();
  for (const step of steps) {
    const change = readToolChange(step.tool);
    if (change === undefined || step.tool?.status !== 'ok') continue;
    const undo = readChangeUndo(step.tool.change);
    if (undo === undefined) return { undone: false, message: t('undo.turnWithoutRecord') };
    byPath.set(change.path, [...(byPath.get(change.path) ?? []), undo]);
  }
  if (byPath.size === 0) return { undone: false, message: t('undo.turnChangedNothing') };

  const reverts: NoteRevert[] = [];
  const changed: string[] = [];
  for (const [path, writes] of byPath) {
    const current = await writer.read(path);
    const first = writes[0];
    if (current === null ? first.before === null : contentHash(current) === first.before) continue;
    const restore = current === null ? undefined : textBeforeWrites(current, writes);
    if (restore === undefined) changed.push(path);
    else reverts.push({ path, current: current ?? '', restore });
  }
  if (changed.length > 0) {
    return { undone: false, message: tCount('undo.turnNotesChanged', changed.length, { notes: listOf(changed) }) };
  }
  if (reverts.length === 0) return { undone: false, message: t('undo.turnAlreadyUndone') };

  for (const revert of reverts) {
    const { restore } = revert;
    if (restore === null) {
      await writer.remove(revert.path);
      continue;
    }
    await writer.process(revert.path, (now) => {
      if (now !== revert.current) throw new Error(t('undo.changedWhileUndoing', { path: revert.path }));
      return restore;
    });
  }
  const trashed = reverts.filter((revert) => revert.restore === null).map((revert) => revert.path);
  const restored = reverts.filter((revert) => revert.restore !== null).map((revert) => revert.path);
  const parts = [...(trashed.length > 0 ? [t('undo.movedToTrash', { notes: listOf(trashed) })] : []), ...(restored.length > 0 ? [t('undo.restored', { notes: listOf(restored) })] : [])];
  return { undone: true, message: t('undo.turnUndone', { parts: parts.join(t('undo.partsSeparator')) }) };
}

/** The note's text before the first of `writes` (null: the run created it), from its text now; undefined when it changed since. */
function textBeforeWrites(current: string, writes: readonly ReasoningChangeUndo[]): string | null | undefined {
  let text = current;
  for (let index = writes.length - 1; index >= 0; index -= 1) {
    const before = textBeforeWrite(text, writes[index]);
    if (before === null) return undefined;
    if (writes[index].before === null) return index === 0 ? null : undefined;
    text = before;
  }
  return text;
}

/** "A", "A and B", "A, B and C" (in the UI's language). */
function listOf(paths: readonly string[]): string {
  return paths.length === 1 ? paths[0] : `${paths.slice(0, -1).join(t('list.separator'))}${t('list.lastSeparator')}${paths.at(-1) ?? ''}`;
}

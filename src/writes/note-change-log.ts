import type { NoteWriter } from './note-writer';
import { t } from '../i18n';

/** One change Glassbox made: the note, its text before (null: the write created it) and after. */
export interface LoggedNoteChange {
  readonly path: string;
  readonly before: string | null;
  readonly after: string;
}

/** How an undo went: the sentence for the user's notice. */
export interface UndoOutcome {
  readonly undone: boolean;
  readonly message: string;
}

/** How many changes are kept for undo (each holds two copies of a note). */
const KEPT_CHANGES = 20;

/**
 * The changes Glassbox's write tools made in this session, newest last, for the command "Undo
 * the last change by Glassbox". An undo restores the text before the change, or trashes a note
 * the change created, but only while the note still holds exactly what Glassbox wrote: a note
 * edited since is left alone and the undo says so.
 */
export class NoteChangeLog {
  private readonly changes: LoggedNoteChange[] = [];

  record(change: LoggedNoteChange): void {
    this.changes.push(change);
    if (this.changes.length > KEPT_CHANGES) this.changes.shift();
  }

  get size(): number {
    return this.changes.length;
  }

  async undoLast(writer: NoteWriter): Promise<UndoOutcome> {
    const last = this.changes.at(-1);
    if (last === undefined) return { undone: false, message: t('undo.nothingToUndo') };
    const current = await writer.read(last.path);
    if (current === null) {
      this.changes.pop();
      return { undone: false, message: t('undo.noteGone', { path: last.path }) };
    }
    if (current !== last.after) return { undone: false, message: t('undo.noteChanged', { path: last.path }) };
    if (last.before === null) {
      await writer.remove(last.path);
    } else {
      const before = last.before;
      await writer.process(last.path, (now) => {
        if (now !== last.after) throw new Error(t('undo.noteChanged', { path: last.path }));
        return before;
      });
    }
    this.changes.pop();
    return { undone: true, message: last.before === null ? t('undo.undidCreation', { path: last.path }) : t('undo.undidChange', { path: last.path }) };
  }
}

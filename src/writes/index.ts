/**
 * Note writes (DESIGN.md 11.2): the path rules, the change a write proposes (line diff, +N −M),
 * the writer interface the hosts implement, and the undo log. The tools themselves (zod) are in
 * `./write-tools`, imported when a run needs them, like the vault tools.
 */
export { checkWritePath, type WritePathCheck } from './write-path';
export { describeNoteChange, fullDiffOf } from './note-change';
export { diffLines, diffSequences, noteLines, type DiffOp } from './line-diff';
export type { NoteWriter } from './note-writer';
export { NoteChangeLog, type LoggedNoteChange, type UndoOutcome } from './note-change-log';

import type { Editor, TFile } from 'obsidian';
import { neutraliseMessageText } from '../conversation';
import { inertFileText } from '../inert';
import { type NoteChangeLog, placeAnswer } from '../writes';

/** A note open in an editor, as an answer is inserted into it. */
export interface AnswerTarget {
  readonly editor: Editor;
  readonly file: TFile | null;
  /** False in reading view: the answer then goes after the properties. */
  readonly editing: boolean;
}

/**
 * Puts an answer into a note the user is editing: the answer's "Insert" button and the "Insert last
 * answer" command, one way. The text is the answer as the chat shows it, in the form a saved
 * conversation stores it (docs/decisions/inert-answer-code.md): no other plugin runs its code or
 * loads its images in the user's note either, and `[[links]]` stay links. It goes at the cursor
 * (after a selection, which is kept), never inside the properties; the cursor ends after it, and
 * "Undo the last change" takes it back. Returns the note's path, or null without a note.
 */
export function insertAnswer(target: AnswerTarget, answer: string, changes?: NoteChangeLog): string | null {
  const { editor, file } = target;
  if (file === null) return null;
  const before = editor.getValue();
  const place = placeAnswer({ note: before, cursor: editor.posToOffset(editor.getCursor('to')), editing: target.editing, answer: neutraliseMessageText(answer) });
  // The note as it will be: nothing that runs or loads may be added to it (the user's own queries stay).
  inertFileText(`${before.slice(0, place.offset)}${place.text}${before.slice(place.offset)}`, { path: file.path, before });
  editor.replaceRange(place.text, editor.offsetToPos(place.offset));
  editor.setCursor(editor.offsetToPos(place.offset + place.answerEnd));
  changes?.record({ path: file.path, before, after: editor.getValue() });
  return file.path;
}

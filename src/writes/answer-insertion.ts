/** Where an answer goes in a note, and the text that goes there. */
export interface AnswerInsertion {
  readonly offset: number;
  readonly text: string;
  /** Where in `text` the answer ends: the cursor goes there, before the blank line that follows it. */
  readonly answerEnd: number;
}

/** The offset where the note's body starts: after a closed `---` frontmatter block, else 0. */
export function bodyStartOffset(note: string): number {
  const match = /^---\r?\n(?:[\s\S]*?\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(note);
  return match === null ? 0 : match[0].length;
}

/**
 * Where "Insert at cursor" puts an answer (issue 26): at the cursor while the note is edited
 * and the cursor is in its body; at a line's start or end set apart from the text around it by
 * a blank line (issue 38: right under "#handbook" it read as one paragraph with it); else (the cursor in the properties, at 0:0 before them, or the
 * note in reading view) right after the frontmatter, on lines of its own. Never inside the
 * frontmatter, which would break the note's properties.
 */
export function placeAnswer(options: { readonly note: string; readonly cursor: number; readonly editing: boolean; readonly answer: string }): AnswerInsertion {
  const { note, cursor, editing, answer } = options;
  const bodyStart = bodyStartOffset(note);
  if (editing && cursor >= bodyStart && !(cursor === 0 && bodyStart === 0 && note.startsWith('---'))) return asOwnParagraph(note, cursor, bodyStart, answer);
  const before = bodyStart > 0 && !note.slice(0, bodyStart).endsWith('\n') ? '\n' : '';
  const rest = note.slice(bodyStart);
  const after = rest === '' || rest.startsWith('\n') || rest.startsWith('\r\n') ? '\n' : '\n\n';
  return { offset: bodyStart, text: `${before}${answer}${after}`, answerEnd: before.length + answer.length };
}

/** `answer` with the line breaks that make it a paragraph of its own at `cursor` (at a line's start or end): a blank line from any text before and after. */
function asOwnParagraph(note: string, cursor: number, bodyStart: number, answer: string): AnswerInsertion {
  const before = note.slice(bodyStart, cursor).replace(/\r\n/g, '\n');
  const after = note.slice(cursor).replace(/\r\n/g, '\n');
  // The cursor inside a line of text: the answer goes there, in the line, as placed.
  if (before.slice(before.lastIndexOf('\n') + 1).trim() !== '' && after.split('\n', 1)[0].trim() !== '') return { offset: cursor, text: answer, answerEnd: answer.length };
  const lead = before.trim() === '' ? '' : before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after.trim() === '' ? '' : after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const body = answer.replace(/^\n+|\n+$/g, '');
  return { offset: cursor, text: `${lead}${body}${trail}`, answerEnd: lead.length + body.length };
}

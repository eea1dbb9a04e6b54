/** Where an answer goes in a note, and the text that goes there. */
export interface AnswerInsertion {
  readonly offset: number;
  readonly text: string;
}

/** The offset where the note's body starts: after a closed `---` frontmatter block, else 0. */
export function bodyStartOffset(note: string): number {
  const match = /^---\r?\n(?:[\s\S]*?\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(note);
  return match === null ? 0 : match[0].length;
}

/**
 * Where "Insert at cursor" puts an answer (issue 26): at the cursor while the note is edited
 * and the cursor is in its body; else (the cursor in the properties, at 0:0 before them, or the
 * note in reading view) right after the frontmatter, on lines of its own. Never inside the
 * frontmatter, which would break the note's properties.
 */
export function placeAnswer(options: { readonly note: string; readonly cursor: number; readonly editing: boolean; readonly answer: string }): AnswerInsertion {
  const { note, cursor, editing, answer } = options;
  const bodyStart = bodyStartOffset(note);
  if (editing && cursor >= bodyStart && !(cursor === 0 && bodyStart === 0 && note.startsWith('---'))) return { offset: cursor, text: answer };
  const before = bodyStart > 0 && !note.slice(0, bodyStart).endsWith('\n') ? '\n' : '';
  const rest = note.slice(bodyStart);
  const after = rest === '' || rest.startsWith('\n') || rest.startsWith('\r\n') ? '\n' : '\n\n';
  return { offset: bodyStart, text: `${before}${answer}${after}` };
}

import type { Editor } from 'obsidian';
import type { QuestionSelection } from '../../agent';

/**
 * The editor's selection as context of a question: its note, its lines (1-based, inclusive) and
 * its text; null without a selection or a note. A selection that ends at the start of a line
 * does not count that line.
 */
export function editorSelection(editor: Editor, path: string | undefined): QuestionSelection | null {
  const text = editor.getSelection();
  if (path === undefined || text.trim() === '') return null;
  const from = editor.getCursor('from');
  const to = editor.getCursor('to');
  const lastLine = to.ch === 0 && to.line > from.line ? to.line - 1 : to.line;
  return { path, fromLine: from.line + 1, toLine: lastLine + 1, text };
}

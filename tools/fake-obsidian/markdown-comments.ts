import type { StateBlock, StateInline } from 'markdown-it';

/**
 * Removes HTML comments from raw HTML text, as Obsidian's reading view hides them. A comment that
 * is never closed hides the rest of the text (CommonMark lets such a block run to the end).
 * `<!-->` and `<!--->` are complete (empty) comments in CommonMark 0.31.
 */
export function stripHtmlComments(html: string): string {
  return html.replace(/<!--(?:-?>|[\s\S]*?-->|[\s\S]*$)/g, '');
}

const PERCENT = 0x25;

/**
 * Obsidian's `%%comment%%` inside a paragraph (it may span soft line breaks): consumed and never
 * rendered. An unclosed `%%` stays text.
 */
export function obsidianCommentInlineRule(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  if (state.src.charCodeAt(start) !== PERCENT || state.src.charCodeAt(start + 1) !== PERCENT) return false;
  const close = state.src.indexOf('%%', start + 2);
  if (close < 0) return false;
  if (!silent) state.push('obsidian_comment', '', 0);
  state.pos = close + 2;
  return true;
}

/**
 * A block comment: a line that starts with `%%` and does not close on that line hides everything
 * up to the line holding the closing `%%` (blank lines included), or to the end of the note when
 * there is none, as Obsidian does. A comment closed on its first line is left to the inline rule,
 * so the text after it on that line still shows.
 */
export function obsidianCommentBlockRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const lineStart = state.bMarks[startLine] + state.tShift[startLine];
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  if (state.src.charCodeAt(lineStart) !== PERCENT || state.src.charCodeAt(lineStart + 1) !== PERCENT) return false;
  const firstClose = state.src.indexOf('%%', lineStart + 2);
  if (firstClose >= 0 && firstClose < state.eMarks[startLine]) return false;
  if (silent) return true;
  let line = startLine + 1;
  for (; line < endLine; line++) {
    const close = state.src.indexOf('%%', state.bMarks[line] + state.tShift[line]);
    if (close >= 0 && close < state.eMarks[line]) break;
  }
  const token = state.push('obsidian_comment', '', 0);
  token.map = [startLine, Math.min(line + 1, endLine)];
  state.line = Math.min(line + 1, endLine);
  return true;
}

/**
 * An HTML comment that starts a block. Obsidian renders a note section by section (sections end
 * at blank lines), so a comment is hidden up to its `-->`, and one that is not closed within its
 * section hides only the rest of that section: a broken `<!--REASONING_BLOCK:...` marker leaves
 * the answer after it visible. (markdown-it alone would run such a block on to the next `-->` in
 * the note.) A comment followed by more text on its closing line is left to markdown-it's
 * `html_block`, whose text is shown without its comments.
 */
export function htmlCommentBlockRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const lineStart = state.bMarks[startLine] + state.tShift[startLine];
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  if (!state.src.startsWith('<!--', lineStart)) return false;
  let line = startLine;
  let from = lineStart + 4;
  for (; line < endLine && !state.isEmpty(line); line++, from = state.bMarks[line] + state.tShift[line]) {
    const end = state.eMarks[line];
    const close = commentEnd(state.src.slice(from, end), from === lineStart + 4);
    if (close < 0) continue;
    if (state.src.slice(from + close, end).trim() !== '') return false;
    break;
  }
  if (silent) return true;
  const last = Math.min(line + 1, endLine);
  const token = state.push('html_comment', '', 0);
  token.map = [startLine, last];
  state.line = last;
  return true;
}

/** Where `-->` ends in `text` (the index after it), or -1; `<!-->` and `<!--->` close at once. */
function commentEnd(text: string, atOpening: boolean): number {
  if (atOpening && text.startsWith('>')) return 1;
  if (atOpening && text.startsWith('->')) return 2;
  const index = text.indexOf('-->');
  return index < 0 ? -1 : index + 3;
}

import { runnableFenceLanguage } from '../../markers';

/**
 * An opening fence after any block-quote or list-item prefixes: prefix, fence run, info string.
 * Not the markers' `FenceTracker`, which reads top-level fences only: Obsidian hands fences in
 * quotes and list items to code-block processors as well.
 */
const OPENING_FENCE = /^((?:[ \t]*(?:>|[-*+][ \t]|\d{1,9}[.)][ \t]|\[\^[^\]\s]+\]:))*[ \t]*)(`{3,}|~{3,})(.*)$/;
/** Dataview runs inline code whose text, trimmed with JavaScript's `trim()` (any Unicode space), starts with `=` (a query) or `$=` (JavaScript). */
const INLINE_QUERY = /(^|[^`])(`+)(\s*)(\$?=)/g;

/**
 * The answer's Markdown with nothing in it that Obsidian's renderer would hand to another
 * plugin to run: the info string of every fenced block whose language is not highlight-only is
 * dropped (so no code-block processor matches it), and inline code starting with `=` or `$=`
 * (Dataview's inline queries), inline or as the start of a block, gets a zero-width space first. Fences are recognised in block
 * quotes and lists too. An unclosed fence stays plain code while the answer streams, because
 * its opening line is rewritten the same way as a closed one.
 */
export function inertCodeFences(markdown: string): string {
  const lines = markdown.split('\n');
  let open: { char: string; length: number; sawContent: boolean } | null = null;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    const fence = OPENING_FENCE.exec(line);
    if (open !== null) {
      if (fence !== null && fence[2][0] === open.char && fence[2].length >= open.length && fence[3].trim() === '') {
        open = null;
      } else if (!open.sawContent && line.trim() !== '') {
        // Dataview can also run a whole code block as an inline query ("inline queries in code blocks").
        open.sawContent = true;
        lines[index] = line.replace(/^(\s*)(\$?=)/, '$1\u200b$2');
      }
      continue;
    }
    if (fence === null || (fence[2][0] === '`' && fence[3].includes('`'))) {
      lines[index] = line.replace(INLINE_QUERY, (_match, before: string, ticks: string, space: string, query: string) => `${before}${ticks}${space}\u200b${query}`);
      continue;
    }
    open = { char: fence[2][0], length: fence[2].length, sawContent: false };
    if (runnableFenceLanguage(fence[3])) lines[index] = `${fence[1]}${fence[2]}`;
  }
  return lines.join('\n');
}

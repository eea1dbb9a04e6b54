/**
 * Languages whose fenced blocks keep their name (and Obsidian's syntax highlighting) in an
 * answer: programming, markup and data languages that Obsidian only highlights. Every other
 * language, the ones plugins run (`dataviewjs`, `dataview`, `tasks`, `query`, `base`, `mermaid`,
 * `chart`, ...) and any name this list does not know, loses its name and shows as plain code.
 * docs/decisions/inert-answer-code.md says why it is a list of what may stay, not of what may not.
 */
export const HIGHLIGHT_ONLY_LANGUAGES: ReadonlySet<string> = new Set([
  'bash', 'c', 'c#', 'c++', 'clojure', 'cpp', 'cs', 'csharp', 'css', 'csv', 'dart', 'diff', 'docker', 'dockerfile',
  'elixir', 'erlang', 'go', 'golang', 'graphql', 'haskell', 'html', 'http', 'ini', 'java', 'javascript', 'js', 'json',
  'jsonc', 'jsx', 'kotlin', 'latex', 'less', 'lua', 'makefile', 'markdown', 'md', 'nginx', 'objectivec', 'perl', 'php',
  'plaintext', 'powershell', 'ps1', 'py', 'python', 'r', 'rb', 'regex', 'ruby', 'rust', 'rs', 'scala', 'scss', 'sh',
  'shell', 'sql', 'swift', 'tex', 'text', 'toml', 'ts', 'tsx', 'txt', 'typescript', 'vim', 'xml', 'yaml', 'yml', 'zsh',
]);

/**
 * An opening fence after any block-quote or list-item prefixes: prefix, fence run, info string.
 * Not the markers' `FenceTracker`, which reads top-level fences only: Obsidian hands fences in
 * quotes and list items to code-block processors as well.
 */
const OPENING_FENCE = /^((?:[ \t]*(?:>|[-*+][ \t]|\d{1,9}[.)][ \t]))*[ \t]*)(`{3,}|~{3,})(.*)$/;
/** Dataview runs inline code that starts with `=` (a query) or `$=` (JavaScript). */
const INLINE_QUERY = /(^|[^`])(`+)( ?)(\$?=)/g;

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
    const language = (fence[3].trim().split(/\s+/)[0] ?? '').toLowerCase();
    if (language !== '' && !HIGHLIGHT_ONLY_LANGUAGES.has(language)) lines[index] = `${fence[1]}${fence[2]}`;
  }
  return lines.join('\n');
}

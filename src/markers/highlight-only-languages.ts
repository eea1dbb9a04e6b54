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

/** Whether a fence whose info string is `info` keeps a language another plugin could run: any first word not in {@link HIGHLIGHT_ONLY_LANGUAGES}. */
export function runnableFenceLanguage(info: string): boolean {
  const language = (info.trim().split(/\s+/)[0] ?? '').toLowerCase();
  return language !== '' && !HIGHLIGHT_ONLY_LANGUAGES.has(language);
}

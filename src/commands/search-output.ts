import type { SearchResult } from '../search';
import { stripControls, terminalJson } from './terminal-text';

/** How {@link searchOutput} prints. */
export interface SearchOutputOptions {
  readonly query: string;
  readonly json: boolean;
  /** The search alone, not the indexing before it. */
  readonly tookMs: number;
  /** How many notes were searched. */
  readonly size: number;
}

/**
 * What `search` prints (DESIGN.md 8): `{ tookMs, results: [{ path, title, score, heading?,
 * passage }] }` with `json`; otherwise a numbered list, best first, and a count.
 */
export function searchOutput(results: readonly SearchResult[], options: SearchOutputOptions): string {
  if (options.json) {
    const rows = results.map((result) => ({
      path: result.path,
      title: result.title,
      score: Math.round(result.score * 1000) / 1000,
      ...(result.heading !== undefined ? { heading: result.heading } : {}),
      passage: result.passage,
      ...(result.chunk !== undefined ? { chunk: result.chunk, chunks: result.chunks } : {}),
    }));
    return `${terminalJson({ tookMs: options.tookMs, results: rows }, 2)}\n`;
  }
  if (results.length === 0) return stripControls(`No notes found for "${options.query}" (${options.size} notes searched).\n`);
  const lines = results.map((result, position) => {
    const heading = result.heading ? ` § ${result.heading}` : '';
    // A section with only its heading has no passage: no blank indented line under it.
    const passage = result.passage.trim() === '' ? '' : `\n   ${result.passage}`;
    return `${position + 1}. ${result.title} (${result.path})${heading}${passage}`;
  });
  // Titles, headings and passages are the notes' own text: no control character reaches the terminal.
  return stripControls(`${lines.join('\n')}\n\n${results.length} of ${options.size} notes in ${options.tookMs} ms.\n`);
}

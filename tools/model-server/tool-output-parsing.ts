/**
 * Tolerant readers for the text our vault tools return, so the extractive model needs no vault
 * access and no exact output format: it only looks for note paths and sentences.
 */

/** Note paths (ending in `.md`) mentioned in a tool's output, in order, without duplicates. */
export function findNotePaths(output: string): string[] {
  const found: string[] = [];
  const add = (candidate: string | undefined): void => {
    const path = candidate?.trim();
    if (path && path.toLowerCase().endsWith('.md') && !found.includes(path)) found.push(path);
  };
  const json = tryParseJson(output);
  if (json !== undefined) walkStrings(json, add);
  // Our vault tools' own lines: `1. [[Title]] (path/to/Note (draft).md) § Heading`.
  for (const match of output.matchAll(/^[ \t]*(?:\d+[.)][ \t]*)?\[\[[^\n]*?\]\] \(([^\n]*?\.md)\)(?=$|[ :,]| §)/gim)) add(match[1]);
  // Quoted, backticked or bracketed paths: `Projects/Refund policy.md`, [Refund policy.md].
  for (const match of output.matchAll(/[`"'([]([^`"'()[\]\n]+?\.md)[`"')\]]/gi)) add(match[1]);
  // `path: Projects/Refund policy.md`
  for (const match of output.matchAll(/path\s*[:=]\s*([^\n,;|"'`]+?\.md)\b/gi)) add(match[1]);
  // A line (or list item) that starts with a path.
  for (const match of output.matchAll(/^[ \t]*(?:[-*+]|\d+[.)])?[ \t]*(?:\*\*)?([^\n*|:"'`[\]()]+?\.md)\b/gim)) add(match[1]);
  return found;
}

/**
 * The chunks a search output names for long notes, by path: our localSearch writes
 * `readNote {"path": "Big.md", "chunk": 12}` under a result whose passage lies in chunk 12.
 */
export function findReadNoteChunks(output: string): Map<string, number> {
  const chunks = new Map<string, number>();
  for (const match of output.matchAll(/readNote (\{[^\n]*\})/g)) {
    const args = tryParseJson(match[1]) as { path?: unknown; chunk?: unknown } | undefined;
    if (typeof args?.path === 'string' && typeof args.chunk === 'number' && !chunks.has(args.path)) chunks.set(args.path, args.chunk);
  }
  return chunks;
}

/**
 * The readable text of a note as a tool returned it: JSON `content`/`text` fields, or the text
 * itself without our `readNote` header line (`[[Title]] (path.md):`) and chunk notices.
 */
export function noteBody(output: string): string {
  const json = tryParseJson(output);
  if (json && typeof json === 'object') {
    const parts: string[] = [];
    walkStrings(json, (value, key) => {
      if (key === 'content' || key === 'text' || key === 'chunk') parts.push(value);
    });
    if (parts.length > 0) return parts.join('\n');
  }
  return output
    .split('\n')
    .filter((line, index) => !(index === 0 && /^\[\[.*\]\] \(.*\)(, chunk \d+ of \d+)?:$/.test(line)) && !/^\[(Chunk|End of note)\b/.test(line))
    .join('\n');
}

/** A sentence of a note with the heading it sits under (empty before the first heading). */
export interface NoteSentence {
  readonly sentence: string;
  readonly heading: string;
}

/**
 * Sentences of Markdown text, verbatim, for quoting: each paragraph or list item (its wrapped
 * lines joined; list markers and `>` removed) is split at sentence ends; front matter, headings, code, tables and lines that only introduce a
 * list (ending in `:`) are skipped.
 */
export function sentencesOf(markdown: string): string[] {
  return noteSentences(markdown).map((entry) => entry.sentence);
}

/** Like {@link sentencesOf}, with each sentence's heading (headings give a sentence its topic). */
export function noteSentences(markdown: string): NoteSentence[] {
  const withoutFrontMatter = markdown.trimStart().replace(/^---\n[\s\S]*?\n---\n/, '');
  const sentences: NoteSentence[] = [];
  let inFence = false;
  let heading = '';
  // A paragraph's lines (or a list item's) read as one text: a sentence wrapped over two lines is
  // one sentence ("… at €12.90 / (decided at …)." was quoted from its second line only).
  let paragraph: string[] = [];
  const flush = (): void => {
    // Latin sentence ends need a space after them; CJK ones (。！？) do not.
    for (const sentence of paragraph.join(' ').replace(/([.!?])\s+/g, '$1\n').replace(/([。！？])/g, '$1\n').split('\n')) {
      const trimmed = sentence.trim();
      if (trimmed.length >= 12 && /\p{L}/u.test(trimmed) && !trimmed.endsWith(':')) sentences.push({ sentence: trimmed, heading });
    }
    paragraph = [];
  };
  for (const line of withoutFrontMatter.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      flush();
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const headingMatch = /^\s*#{1,6}\s+(.*)$/.exec(line);
    if (headingMatch) {
      flush();
      heading = headingMatch[1].trim();
    }
    if (/^\s*(#|\||<!--|---)/.test(line) || line.trim() === '') {
      flush();
      continue;
    }
    // A list item, a task or a quote line starts a text of its own.
    if (/^\s*(?:[-*+]|\d+[.)]|>)\s+/.test(line)) flush();
    paragraph.push(
      line
        .replace(/^\s*(?:[-*+]|\d+[.)]|>)\s+/, '')
        .replace(/^\[[ xX]\]\s+/, '')
        .trim(),
    );
  }
  flush();
  return sentences;
}

/** A row of a Markdown table, verbatim, with the table's header line and the heading it sits under. */
export interface NoteTableRow {
  readonly row: string;
  readonly cells: readonly string[];
  /** The header line and the delimiter line under it, verbatim. */
  readonly header: string;
  readonly delimiter: string;
  readonly headerCells: readonly string[];
  readonly heading: string;
}

/** The body rows of the Markdown tables in `markdown` (outside code fences), each with its header. */
export function noteTableRows(markdown: string): NoteTableRow[] {
  const lines = markdown.split('\n');
  const rows: NoteTableRow[] = [];
  let inFence = false;
  let heading = '';
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const headingMatch = /^\s*#{1,6}\s+(.*)$/.exec(line);
    if (headingMatch) heading = headingMatch[1].trim();
    const delimiter = lines[index + 1] ?? '';
    if (!isTableLine(line) || !/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(delimiter)) continue;
    const headerCells = cellsOf(line);
    let at = index + 2;
    for (; at < lines.length && isTableLine(lines[at]); at += 1) rows.push({ row: lines[at].trim(), cells: cellsOf(lines[at]), header: line.trim(), delimiter: delimiter.trim(), headerCells, heading });
    index = at - 1;
  }
  return rows;
}

function isTableLine(line: string): boolean {
  return /^\s*\|.*\|\s*$/.test(line);
}

function cellsOf(line: string): string[] {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim());
}

function tryParseJson(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

function walkStrings(value: unknown, visit: (value: string, key: string | undefined) => void, key?: string): void {
  if (typeof value === 'string') visit(value, key);
  else if (Array.isArray(value)) for (const item of value) walkStrings(item, visit, key);
  else if (value && typeof value === 'object') for (const [childKey, child] of Object.entries(value)) walkStrings(child, visit, childKey);
}

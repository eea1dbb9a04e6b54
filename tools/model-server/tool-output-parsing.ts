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
  // Quoted, backticked or bracketed paths: `Projects/Refund policy.md`, [Refund policy.md].
  for (const match of output.matchAll(/[`"'([]([^`"'()[\]\n]+?\.md)[`"')\]]/gi)) add(match[1]);
  // `path: Projects/Refund policy.md`
  for (const match of output.matchAll(/path\s*[:=]\s*([^\n,;|"'`]+?\.md)\b/gi)) add(match[1]);
  // A line (or list item) that starts with a path.
  for (const match of output.matchAll(/^[ \t]*(?:[-*+]|\d+[.)])?[ \t]*(?:\*\*)?([^\n*|:"'`[\]()]+?\.md)\b/gim)) add(match[1]);
  return found;
}

/** The readable text of a note as a tool returned it (JSON `content`/`text` fields, or the text itself). */
export function noteBody(output: string): string {
  const json = tryParseJson(output);
  if (json && typeof json === 'object') {
    const parts: string[] = [];
    walkStrings(json, (value, key) => {
      if (key === 'content' || key === 'text' || key === 'chunk') parts.push(value);
    });
    if (parts.length > 0) return parts.join('\n');
  }
  return output;
}

/** Sentences of Markdown text, skipping front matter, headings, code and tables. */
export function sentencesOf(markdown: string): string[] {
  const withoutFrontMatter = markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
  const lines: string[] = [];
  let inFence = false;
  for (const line of withoutFrontMatter.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence || /^\s*(#|\||<!--|---)/.test(line) || line.trim() === '') {
      lines.push('\n');
      continue;
    }
    lines.push(line.replace(/^\s*(?:[-*+]|\d+[.)]|>)\s+/, '').trim());
  }
  return lines
    .join(' ')
    .replace(/([.!?])\s+/g, '$1\n')
    .split('\n')
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => sentence.length >= 12 && /[a-z]/i.test(sentence));
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

/**
 * Splits Markdown into top-level blocks at blank lines, so a streaming message re-renders only
 * its last (still growing) block while the finished ones stay as they were rendered
 * (DESIGN.md 10). Obsidian's reading view renders a note section by section in the same way.
 *
 * Never splits inside a fenced code block (``` or ~~~, or a `$$` math block), nor before an
 * indented line (a list item's continuation or an indented code block belongs to the block
 * above). One pass over the lines, no backtracking.
 */
export function splitMarkdownBlocks(markdown: string): string[] {
  const lines = markdown.split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: Fence | null = null;
  let pendingBlank = false;
  for (const line of lines) {
    if (fence !== null) {
      current.push(line);
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    if (line.trim() === '') {
      if (current.length > 0) pendingBlank = true;
      continue;
    }
    if (pendingBlank) {
      if (startsIndented(line)) {
        current.push('');
      } else {
        blocks.push(current.join('\n'));
        current = [];
      }
      pendingBlank = false;
    }
    current.push(line);
    fence = opensFence(line);
  }
  // An open fence at the end is the streaming tail: it stays one block and is re-rendered as it grows.
  if (current.length > 0) blocks.push(current.join('\n'));
  return blocks;
}

interface Fence {
  readonly marker: string;
  readonly length: number;
}

function opensFence(line: string): Fence | null {
  const indent = leadingSpaces(line);
  if (indent > 3) return null;
  const rest = line.slice(indent);
  if (rest.startsWith('$$')) {
    // A one-line `$$ x $$` closes itself.
    return rest.length > 2 && rest.trimEnd().endsWith('$$') && rest.trim().length > 2 ? null : { marker: '$', length: 2 };
  }
  const marker = rest[0];
  if (marker !== '`' && marker !== '~') return null;
  let length = 0;
  while (rest[length] === marker) length += 1;
  if (length < 3) return null;
  // A backtick fence's info string may not contain a backtick (CommonMark 4.5).
  if (marker === '`' && rest.slice(length).includes('`')) return null;
  return { marker, length };
}

function closesFence(line: string, fence: Fence): boolean {
  const indent = leadingSpaces(line);
  if (indent > 3) return false;
  const rest = line.slice(indent).trimEnd();
  if (rest.length < fence.length) return false;
  for (const character of rest) if (character !== fence.marker) return false;
  return true;
}

function leadingSpaces(line: string): number {
  let count = 0;
  while (line[count] === ' ') count += 1;
  return count;
}

function startsIndented(line: string): boolean {
  return line.startsWith(' ') || line.startsWith('\t');
}

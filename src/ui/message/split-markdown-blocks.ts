import { FenceTracker } from '../../markers';

/**
 * Splits Markdown into top-level blocks at blank lines, so a streaming message re-renders only
 * its last (still growing) block while the finished ones stay as they were rendered
 * (DESIGN.md 10). Obsidian's reading view renders a note section by section in the same way.
 *
 * Never splits inside a fenced code block (read by the markers' one `FenceTracker`), or a `$$` math block, nor before an
 * indented line (a list item's continuation or an indented code block belongs to the block
 * above). One pass over the lines, no backtracking.
 */
export function splitMarkdownBlocks(markdown: string): string[] {
  return splitWithLastStart(markdown).blocks;
}

/**
 * Splits a streaming answer again and again as it grows, re-reading only its last block: the
 * blocks before it were closed by a line that is already there, so text appended at the end can
 * change only the last one. Each call gives what {@link splitMarkdownBlocks} gives for the same
 * text, with the earlier blocks as the very strings it returned before (compared in O(1)).
 */
export class MarkdownBlockSplitter {
  private text = '';
  private blocks: string[] = [];
  /** Offset in `text` of the last block's first line. */
  private lastStart = 0;

  split(markdown: string): readonly string[] {
    if (markdown === this.text) return this.blocks;
    if (this.blocks.length > 0 && markdown.startsWith(this.text)) {
      const tail = splitWithLastStart(markdown.slice(this.lastStart));
      const lastStart = this.lastStart + tail.lastStart;
      this.blocks = this.blocks.slice(0, -1).concat(tail.blocks);
      this.lastStart = lastStart;
    } else {
      const whole = splitWithLastStart(markdown);
      this.blocks = whole.blocks;
      this.lastStart = whole.lastStart;
    }
    this.text = markdown;
    return this.blocks;
  }
}

function splitWithLastStart(markdown: string): { blocks: string[]; lastStart: number } {
  const lines = markdown.split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  let currentStart = 0;
  let lineStart = 0;
  const fence = new FenceTracker();
  let inMath = false;
  let pendingBlank = false;
  for (const line of lines) {
    const at = lineStart;
    lineStart += line.length + 1;
    if (fence.inside || inMath) {
      current.push(line);
      if (inMath) inMath = !closesMath(line);
      else fence.feed(line);
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
    if (current.length === 0) currentStart = at;
    current.push(line);
    if (!fence.feed(line)) inMath = opensMath(line);
  }
  // An open fence at the end is the streaming tail: it stays one block and is re-rendered as it grows.
  if (current.length > 0) blocks.push(current.join('\n'));
  return { blocks, lastStart: currentStart };
}

// A `$$` math block: not code, but Markdown must not be split inside it either.
function opensMath(line: string): boolean {
  const indent = leadingSpaces(line);
  if (indent > 3) return false;
  const rest = line.slice(indent);
  if (!rest.startsWith('$$')) return false;
  // A one-line `$$ x $$` closes itself.
  return !(rest.length > 2 && rest.trimEnd().endsWith('$$') && rest.trim().length > 2);
}

function closesMath(line: string): boolean {
  const indent = leadingSpaces(line);
  if (indent > 3) return false;
  const rest = line.slice(indent).trimEnd();
  return rest.length >= 2 && [...rest].every((character) => character === '$');
}

function leadingSpaces(line: string): number {
  let count = 0;
  while (line[count] === ' ') count += 1;
  return count;
}

function startsIndented(line: string): boolean {
  return line.startsWith(' ') || line.startsWith('\t');
}

/** An open fenced code block: its fence character and run length. */
export interface CodeFence {
  readonly char: '`' | '~';
  readonly length: number;
}

const BACKTICK = 0x60;
const TILDE = 0x7e;

/**
 * The fence a line opens, following CommonMark: up to three spaces of indent, then at least
 * three backticks or tildes; a backtick fence's info string may not contain a backtick.
 * Fences inside block quotes and list items (indented further) are not tracked: markers there
 * are read as markers (docs/decisions/markers-outside-code-fences.md).
 * `lineEnd` is the index of the line's `\n` (or the content length).
 */
export function openingFence(content: string, lineStart: number, lineEnd: number): CodeFence | null {
  const runStart = skipIndent(content, lineStart, lineEnd);
  if (runStart === -1) return null;
  const code = content.charCodeAt(runStart);
  if (code !== BACKTICK && code !== TILDE) return null;
  const runEnd = skipRun(content, runStart, lineEnd, code);
  if (runEnd - runStart < 3) return null;
  if (code === BACKTICK) {
    for (let index = runEnd; index < lineEnd; index += 1) {
      if (content.charCodeAt(index) === BACKTICK) return null;
    }
  }
  return { char: code === BACKTICK ? '`' : '~', length: runEnd - runStart };
}

/** True when the line closes `fence`: same character, a run at least as long, then only spaces. */
export function closesFence(content: string, options: { lineStart: number; lineEnd: number; fence: CodeFence }): boolean {
  const { lineStart, lineEnd, fence } = options;
  const runStart = skipIndent(content, lineStart, lineEnd);
  if (runStart === -1) return false;
  const code = fence.char === '`' ? BACKTICK : TILDE;
  const runEnd = skipRun(content, runStart, lineEnd, code);
  if (runEnd - runStart < fence.length) return false;
  for (let index = runEnd; index < lineEnd; index += 1) {
    const rest = content.charCodeAt(index);
    if (rest !== 0x20 && rest !== 0x09 && rest !== 0x0d) return false;
  }
  return true;
}

/** Index after at most three leading spaces, or -1 when the line is indented four or more. */
function skipIndent(content: string, lineStart: number, lineEnd: number): number {
  let index = lineStart;
  while (index < lineEnd && index - lineStart < 4 && content.charCodeAt(index) === 0x20) index += 1;
  return index - lineStart > 3 ? -1 : index;
}

function skipRun(content: string, from: number, lineEnd: number, code: number): number {
  let index = from;
  while (index < lineEnd && content.charCodeAt(index) === code) index += 1;
  return index;
}

/**
 * Follows fenced code blocks line by line with {@link openingFence} and {@link closesFence}:
 * the one fence reader of the project (markers, the note format, the chat's block splitter, the
 * search index and the `<think>` splitter all use it, so they agree on where code is).
 */
export class FenceTracker {
  private open: CodeFence | null = null;

  /** Whether the lines fed so far leave a fenced block open. */
  get inside(): boolean {
    return this.open !== null;
  }

  /** The line that would close the open fence (same character, same length), or null. */
  get closingLine(): string | null {
    return this.open === null ? null : this.open.char.repeat(this.open.length);
  }

  /** Feeds one line (without its `\n`; a trailing `\r` is allowed). Returns true when the line is a fence line that opened or closed a block. */
  feed(line: string): boolean {
    if (this.open === null) {
      this.open = openingFence(line, 0, line.length);
      return this.open !== null;
    }
    if (!closesFence(line, { lineStart: 0, lineEnd: line.length, fence: this.open })) return false;
    this.open = null;
    return true;
  }

  /** Forgets any open fence. */
  reset(): void {
    this.open = null;
  }
}

/** The line that closes a fence the given lines leave open, or null when all are closed. */
export function unclosedFence(lines: readonly string[]): string | null {
  const tracker = new FenceTracker();
  for (const line of lines) tracker.feed(line);
  return tracker.closingLine;
}

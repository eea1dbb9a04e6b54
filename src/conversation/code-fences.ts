/**
 * Tracks top-level fenced code blocks (CommonMark: up to three spaces, then three or more
 * backticks or tildes; closed by the same character, at least as many, and nothing else).
 * Used to close a fence a message left open, so the rest of the note still renders as Markdown,
 * and to tell `**user**:` inside a code block from a real message start when importing.
 */
export class FenceTracker {
  private open: { character: string; length: number } | null = null;

  /** Whether the last line fed left us inside a fenced block. */
  get inside(): boolean {
    return this.open !== null;
  }

  /** The line that would close the open fence (same character, same length), or null. */
  get closingLine(): string | null {
    return this.open === null ? null : this.open.character.repeat(this.open.length);
  }

  /** Feeds one line (without its newline). */
  feed(line: string): void {
    const fence = readFence(line.endsWith('\r') ? line.slice(0, -1) : line);
    if (fence === null) return;
    if (this.open === null) {
      // A backtick fence's info string may not contain a backtick (CommonMark 4.5).
      if (fence.character === '`' && fence.rest.includes('`')) return;
      this.open = { character: fence.character, length: fence.length };
    } else if (fence.character === this.open.character && fence.length >= this.open.length && fence.rest.trim() === '') {
      this.open = null;
    }
  }
}

function readFence(line: string): { character: string; length: number; rest: string } | null {
  let index = 0;
  while (index < 3 && line.charCodeAt(index) === 32) index += 1;
  const character = line[index];
  if (character !== '`' && character !== '~') return null;
  let end = index;
  while (line[end] === character) end += 1;
  const length = end - index;
  return length >= 3 ? { character, length, rest: line.slice(end) } : null;
}

/** The line that closes a fence the given lines leave open, or null when all are closed. */
export function unclosedFence(lines: readonly string[]): string | null {
  const tracker = new FenceTracker();
  for (const line of lines) tracker.feed(line);
  return tracker.closingLine;
}

/** Longest line kept; a server that writes megabytes without a newline must not fill memory. */
const MAX_LINE_CHARS = 2_000;

/** Cuts a stream of text pieces into lines (stderr arrives in arbitrary chunks). */
export class LineSplitter {
  private pending = '';

  constructor(private readonly onLine: (line: string) => void) {}

  push(text: string): void {
    const parts = (this.pending + text).split(/\r?\n/);
    this.pending = (parts.pop() ?? '').slice(0, MAX_LINE_CHARS);
    for (const line of parts) if (line.trim() !== '') this.onLine(line.slice(0, MAX_LINE_CHARS));
  }

  flush(): void {
    if (this.pending.trim() !== '') this.onLine(this.pending);
    this.pending = '';
  }
}

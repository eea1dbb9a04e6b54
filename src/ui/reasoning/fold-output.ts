/** A tool output cut to its first lines, with the count of the lines left out. */
export interface FoldedOutput {
  readonly shown: string;
  readonly hiddenLines: number;
}

/**
 * Folds a tool output to `keepLines` lines for normal mode, which then shows "+N lines".
 * Trailing blank lines do not count; a line is what a reader sees, so `\r\n` counts once.
 */
export function foldOutput(output: string, keepLines: number, options: { readonly from?: 'start' | 'note-text' } = {}): FoldedOutput {
  const lines = output.trimEnd().split(/\r?\n/);
  if (lines.length <= keepLines) return { shown: lines.join('\n'), hiddenLines: 0 };
  const start = options.from === 'note-text' ? noteTextStart(lines) : 0;
  const shown = lines.slice(start, start + keepLines);
  return { shown: shown.join('\n'), hiddenLines: lines.length - shown.length };
}

/** A readNote header: `[[Title]] (path):` or `[[Title]] (path), chunk 2 of 3:`. */
const NOTE_HEADER = /^\[\[.*\]\] \(.*\)(?:, chunk \d+ of \d+)?:$/;

/**
 * Where a note read by readNote starts to say something (issue 26): after its header line, its
 * frontmatter (`---` … `---`) and blank lines, so three folded lines show the note's first words.
 */
function noteTextStart(lines: readonly string[]): number {
  let index = 0;
  const skipBlank = (): void => {
    while (index < lines.length && lines[index].trim() === '') index += 1;
  };
  if (NOTE_HEADER.test(lines[0] ?? '')) index = 1;
  skipBlank();
  if (lines[index] === '---') {
    const close = lines.findIndex((line, at) => at > index && (line === '---' || line === '...'));
    if (close !== -1) index = close + 1;
  }
  skipBlank();
  return index < lines.length ? index : 0;
}

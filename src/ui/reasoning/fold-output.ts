/** A tool output cut to its first lines, with the count of the lines left out. */
export interface FoldedOutput {
  readonly shown: string;
  readonly hiddenLines: number;
}

/**
 * Folds a tool output to `keepLines` lines for normal mode, which then shows "+N lines".
 * Trailing blank lines do not count; a line is what a reader sees, so `\r\n` counts once.
 */
export function foldOutput(output: string, keepLines: number): FoldedOutput {
  const lines = output.trimEnd().split(/\r?\n/);
  if (lines.length <= keepLines) return { shown: lines.join('\n'), hiddenLines: 0 };
  return { shown: lines.slice(0, keepLines).join('\n'), hiddenLines: lines.length - keepLines };
}

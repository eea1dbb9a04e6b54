/** The signals that stop a run like the stop button: Ctrl-C, `kill`, and a closed terminal. */
export type StopSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';

/** Where a CLI command writes, and how it learns of Ctrl-C. Tests pass their own. */
export interface CliIo {
  readonly stdout: { write(text: string): unknown; readonly isTTY?: boolean; readonly columns?: number; readonly rows?: number };
  readonly stderr: { write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /**
   * Asks the person at the terminal one question and resolves with the line typed (null when
   * the signal aborts first). Absent when stdin is not a terminal: nobody can answer there.
   */
  readonly prompt?: (question: string, signal: AbortSignal) => Promise<string | null>;
  /** Registers a handler for Ctrl-C, SIGTERM and SIGHUP; returns the unregister function. */
  onInterrupt(handler: (signal: StopSignal) => void): () => void;
}

/** A usage mistake: the CLI prints the message and exits with status 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

import type { CliIo, StopSignal } from '../../src/cli/cli-io';

/** A {@link CliIo} that records what a command prints, with a way to send Ctrl-C. */
export interface CapturedIo extends CliIo {
  out(): string;
  err(): string;
  /** Sends Ctrl-C (or another stop signal) to the command. */
  interrupt(signal?: StopSignal): void;
}

/** Builds a {@link CapturedIo}; `env` and `cwd` default to empty and the process cwd. */
export function captureIo(options: { env?: Record<string, string | undefined>; cwd?: string; isTTY?: boolean } = {}): CapturedIo {
  let stdout = '';
  let stderr = '';
  const handlers = new Set<(signal: StopSignal) => void>();
  return {
    stdout: { write: (text: string) => (stdout += text), isTTY: options.isTTY ?? false, columns: 80 },
    stderr: { write: (text: string) => (stderr += text) },
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    onInterrupt(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    out: () => stdout,
    err: () => stderr,
    interrupt: (signal = 'SIGINT') => handlers.forEach((handler) => handler(signal)),
  };
}

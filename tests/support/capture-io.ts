import type { CliIo, StopSignal } from '../../src/cli/cli-io';

/** A {@link CliIo} that records what a command prints, with a way to send Ctrl-C. */
export interface CapturedIo extends CliIo {
  out(): string;
  err(): string;
  /** Sends Ctrl-C (or another stop signal) to the command. */
  interrupt(signal?: StopSignal): void;
  /** Resolves once `text` has been printed (stdout or stderr), checked at each write. */
  printed(text: string): Promise<void>;
}

/** Builds a {@link CapturedIo}; `env` and `cwd` default to empty and the process cwd. */
export function captureIo(options: { env?: Record<string, string | undefined>; cwd?: string; isTTY?: boolean } = {}): CapturedIo {
  let stdout = '';
  let stderr = '';
  const handlers = new Set<(signal: StopSignal) => void>();
  const written = new Set<() => void>();
  const write = (stream: 'out' | 'err', text: string): void => {
    if (stream === 'out') stdout += text;
    else stderr += text;
    written.forEach((check) => check());
  };
  return {
    stdout: { write: (text: string) => write('out', text), isTTY: options.isTTY ?? false, columns: 80 },
    stderr: { write: (text: string) => write('err', text) },
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    onInterrupt(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    out: () => stdout,
    err: () => stderr,
    interrupt: (signal = 'SIGINT') => handlers.forEach((handler) => handler(signal)),
    printed: (text) =>
      new Promise((resolve) => {
        const check = (): void => {
          if (!stdout.includes(text) && !stderr.includes(text)) return;
          written.delete(check);
          resolve();
        };
        written.add(check);
        check();
      }),
  };
}

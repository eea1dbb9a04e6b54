import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type BuildOptions } from 'esbuild';

const root = join(__dirname, '..', '..');

/** What a finished `glassbox` process left behind. */
export interface CliOutcome {
  /** The exit status, or null when a signal ended it. */
  readonly status: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A running `glassbox` process: its output so far, and the outcome once it exits. */
export interface RunningCli {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  readonly done: Promise<CliOutcome>;
  /** Resolves when stdout (or stderr) holds `text`; rejects if the process exits first. */
  waitFor(text: string): Promise<void>;
}

/** `dist/cli.js` as `npm run build` makes it (the real options from tools/build/options.mjs), in its own folder. */
export interface BuiltCli {
  readonly path: string;
  /** Starts `node dist/cli.js ARGS` with only PATH and `env` in its environment. */
  start(args: readonly string[], options?: { env?: Record<string, string>; cwd?: string }): RunningCli;
  /** Runs it to the end. */
  run(args: readonly string[], options?: { env?: Record<string, string>; cwd?: string }): Promise<CliOutcome>;
  remove(): Promise<void>;
}

/**
 * Builds the CLI bundle with the project's own build options, into a temporary folder so test
 * files running side by side never write the same file. The process is the one a user runs.
 */
export async function buildCli(): Promise<BuiltCli> {
  const options = readCliBuildOptions();
  const dir = await mkdtemp(join(tmpdir(), 'glassbox-cli-'));
  const path = join(dir, 'cli.js');
  await build({ ...options, absWorkingDir: root, outfile: path, logLevel: 'silent' });
  const start = (args: readonly string[], runOptions: { env?: Record<string, string>; cwd?: string } = {}): RunningCli => {
    const child = spawn(process.execPath, [path, ...args], {
      cwd: runOptions.cwd ?? root,
      env: { PATH: process.env.PATH ?? '', ...runOptions.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const waiters = new Set<() => void>();
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      waiters.forEach((check) => check());
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      waiters.forEach((check) => check());
    });
    const done = new Promise<CliOutcome>((resolve) => child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr })));
    const waitFor = (text: string): Promise<void> =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          if (stdout.includes(text) || stderr.includes(text)) {
            waiters.delete(check);
            resolve();
          }
        };
        waiters.add(check);
        check();
        void done.then(() => {
          if (waiters.delete(check)) reject(new Error(`glassbox exited before printing ${JSON.stringify(text)}; stdout: ${stdout}; stderr: ${stderr}`));
        });
      });
    return { child, stdout: () => stdout, stderr: () => stderr, done, waitFor };
  };
  return {
    path,
    start,
    run: (args, runOptions) => start(args, runOptions).done,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The real CLI build options, read in a child process (they live in an ES module jest cannot import). */
function readCliBuildOptions(): BuildOptions {
  const script = "import('./tools/build/options.mjs').then((m) => process.stdout.write(JSON.stringify(m.cliBuildOptions)))";
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' })) as BuildOptions;
}

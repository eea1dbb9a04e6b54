import { createInterface } from 'node:readline';
import { ASK_COMMAND } from './ask-args';
import { runAskCommand } from './ask-command';
import { CliHelpRequest, optionsOf, usageOf } from './cli-flags';
import { CliUsageError, type CliIo, type StopSignal } from './cli-io';
import { DOCTOR_COMMAND, runDoctorCommand } from './doctor-command';
import { EXPORT_COMMAND, runExportCommand } from './export-command';
import { INSPECT_COMMAND, runInspectCommand } from './inspect-command';
import { runSearchCommand, SEARCH_COMMAND } from './search-command';
import { stripControls } from '../commands';
import { runTracesCommand, TRACES_COMMAND } from './traces-command';
import { runUndoCommand, UNDO_COMMAND } from './undo-command';

const USAGE = `Usage:
${usageOf(ASK_COMMAND)}  glassbox ask --vault DIR --continue NOTE
               (no question: resumes a run that was stopped or hit its step limit)
${usageOf(SEARCH_COMMAND)}  glassbox inspect NOTE.md [--timeline [--price-in USD --price-out USD]]
  glassbox inspect --message FILE
${usageOf(UNDO_COMMAND)}${usageOf(EXPORT_COMMAND)}${usageOf(DOCTOR_COMMAND)}${usageOf(TRACES_COMMAND)}
${optionsOf(ASK_COMMAND)}
${optionsOf(SEARCH_COMMAND)}
${optionsOf(INSPECT_COMMAND)}
${optionsOf(UNDO_COMMAND)}
${optionsOf(EXPORT_COMMAND)}
${optionsOf(DOCTOR_COMMAND)}
${optionsOf(TRACES_COMMAND)}`;

/** Runs one CLI invocation and returns its exit status (0 ok, 1 run error, 2 bad usage, 3 a spending limit stopped the run). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'ask':
        return await runAskCommand(rest, io);
      case 'search':
        return await runSearchCommand(rest, io);
      case 'inspect':
        return await runInspectCommand(rest, io);
      case 'undo':
        return await runUndoCommand(rest, io);
      case 'export':
        return await runExportCommand(rest, io);
      case 'doctor':
        return await runDoctorCommand(rest, io);
      case 'traces':
        return await runTracesCommand(rest, io);
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        io.stdout.write(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new CliUsageError(`Unknown command "${command}". Run "glassbox --help" to see the commands.`);
    }
  } catch (error) {
    // `glassbox ask --help` is how most people look up a command's flags.
    if (error instanceof CliHelpRequest) {
      io.stdout.write(USAGE);
      return 0;
    }
    if (error instanceof CliUsageError) {
      io.stderr.write(`${stripControls(error.message)}\n`);
      return 2;
    }
    io.stderr.write(`${stripControls(error instanceof Error ? error.message : String(error))}\n`);
    return 1;
  }
}

const STOP_SIGNALS: readonly StopSignal[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

function nodeIo(): CliIo {
  // A reader that goes away (`glassbox ask --events jsonl | head`) closes the pipe: end quietly,
  // as other command-line tools do, instead of dying with an EPIPE stack trace.
  process.stdout.on('error', (error: Error & { code?: string }) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    // A closed terminal (SIGHUP) makes writes fail with EIO: the run still stops and saves.
    if (error.code === 'EIO') return;
    throw error;
  });
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    ...(process.stdin.isTTY ? { prompt: promptOnTerminal } : {}),
    onInterrupt(handler) {
      // While a run listens, these stop it (its partial answer saved) instead of killing the process.
      const listeners = STOP_SIGNALS.map((signal) => [signal, () => handler(signal)] as const);
      for (const [signal, listener] of listeners) process.on(signal, listener);
      return () => {
        for (const [signal, listener] of listeners) process.off(signal, listener);
      };
    },
  };
}

/** One question on stderr, the answer from stdin; Ctrl-C at the prompt stops the run as anywhere else. */
function promptOnTerminal(question: string, signal: AbortSignal): Promise<string | null> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    const finish = (answer: string | null) => {
      signal.removeEventListener('abort', onAbort);
      rl.close();
      resolve(answer);
    };
    const onAbort = () => finish(null);
    signal.addEventListener('abort', onAbort, { once: true });
    rl.on('SIGINT', () => {
      finish(null);
      process.emit('SIGINT');
    });
    rl.question(question, (answer) => finish(answer));
  });
}

if (require.main === module) {
  void runCli(process.argv.slice(2), nodeIo()).then((status) => {
    process.exitCode = status;
  });
}

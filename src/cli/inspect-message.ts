import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CliIo } from './cli-io';
import { describeFsError } from './describe-fs-error';
import { inspectedContent, terminalJson } from '../commands';

/**
 * `glassbox inspect --message FILE`: FILE holds one assistant message's content; prints the
 * per-message object of DESIGN.md 8 as JSON — `{ text, reasoning, reasoningError,
 * legacyToolCalls, thinks, noteWrites }`, each tool call with every field the codec reads.
 * Returns 0, or 1 with one sentence on stderr when the file cannot be read
 * (docs/decisions/inspect-exit-status.md).
 */
export async function runInspectMessage(file: string, io: CliIo): Promise<number> {
  const path = resolve(io.cwd, file);
  let content: string;
  try {
    content = await readFile(path, 'utf8');
  } catch (error) {
    io.stderr.write(`Cannot read "${file}": ${describeFsError(error)}.\n`);
    return 1;
  }
  io.stdout.write(`${terminalJson(inspectedContent(content), 2)}\n`);
  return 0;
}

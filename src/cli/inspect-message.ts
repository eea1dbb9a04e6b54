import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CliIo } from './cli-io';
import { describeFsError } from './describe-fs-error';
import { terminalJson } from './terminal-text';
import { noteWritesOf, parseAssistantContent } from '../markers';

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

/** THE per-message object of DESIGN.md 8 for an assistant message's content (`inspect --message`, and each answer of `inspect NOTE`). */
export function inspectedContent(content: string): Record<string, unknown> {
  const parsed = parseAssistantContent(content);
  return {
    text: parsed.text,
    reasoning: parsed.reasoning,
    reasoningError: parsed.reasoningError,
    legacyToolCalls: parsed.legacyToolCalls,
    thinks: parsed.thinks,
    // The agent's note writes: path, status (ok / declined / error) and +N −M (DESIGN.md 11.2).
    noteWrites: noteWritesOf(parsed.reasoning),
  };
}

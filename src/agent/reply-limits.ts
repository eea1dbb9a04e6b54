import { textPrefix } from '../llm';
import type { AgentRunOptions } from './agent-run-options';

/** Tool calls run from one model reply (DESIGN.md 12.6); the rest leave the history, with {@link callsNotRunNote}. */
export const DEFAULT_TOOL_CALLS_PER_REPLY = 32;
/** Characters of one tool result sent to the model (DESIGN.md 12.6); the rest is replaced by a pointer. */
export const DEFAULT_TOOL_RESULT_CHARS = 20_000;
/**
 * Read-only calls running at once. Each running call listens on the run's signal; more than ten
 * listeners make Node print a MaxListenersExceededWarning, and 10,000 calls at once took 840 MB.
 */
export const MAX_PARALLEL_CALLS = 8;

/**
 * Characters of one model call's text (about 250,000 tokens): past them the stream is closed
 * and the call ends as if cut at its token limit (`finish_reason: length`). The max-tokens
 * setting asks the provider for less; this stops a server that ignores it (a 100 MB stream).
 */
export const DEFAULT_ANSWER_CHARS = 1_000_000;

/**
 * What the model reads, after its last call's result, when calls of its reply were past the
 * limit: those calls are not in the history at all (400 "not run" results filled a small window).
 */
export function callsNotRunNote(notRun: number, limit: number): string {
  return `\n\n[Not run: ${notRun.toLocaleString('en-US')} more ${notRun === 1 ? 'call' : 'calls'} of this reply; at most ${limit.toLocaleString('en-US')} calls of one reply run. Call again what is still needed.]`;
}

/** The limits a run uses: its options', or the defaults. */
export function replyLimits(run: Pick<AgentRunOptions, 'toolCallsPerReply' | 'toolResultChars' | 'answerChars'>): { toolCallsPerReply: number; toolResultChars: number; answerChars: number } {
  return {
    answerChars: positive(run.answerChars) ?? DEFAULT_ANSWER_CHARS,
    toolCallsPerReply: positive(run.toolCallsPerReply) ?? DEFAULT_TOOL_CALLS_PER_REPLY,
    toolResultChars: positive(run.toolResultChars) ?? DEFAULT_TOOL_RESULT_CHARS,
  };
}

/**
 * A tool result as the model gets it: whole up to `max` characters; longer, its start and a
 * note saying how much is left out and how to reach it (the tools take narrower requests).
 * A cut never splits a surrogate pair.
 */
export function toolResultForModel(output: string, max: number): string {
  if (output.length <= max) return output;
  const kept = textPrefix(output, max);
  const rest = output.length - kept.length;
  return `${kept}\n\n[Cut: ${rest.toLocaleString('en-US')} more characters of this result are not shown (results are limited to ${max.toLocaleString('en-US')}). To read the rest, call the tool again for a narrower part: a more specific query, one section or heading of a note, or fewer items.]`;
}

function positive(value: number | undefined): number | undefined {
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : undefined;
}

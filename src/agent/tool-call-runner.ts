import { startTimer } from './timer';
import type { LlmToolCall } from '../llm';
import type { AgentTool, AgentToolResult } from './agent-tool';
import { formatLimit } from './format-limit';
import { abortedByRunTimeout } from './run-clock';
import { describeApproval, type RunApprovals } from './run-approvals';
import type { ReasoningChange } from '../markers';
import type { RunRecorder } from './run-recorder';
import { isAbortError, linkAbortSignals, raceAbort } from './signals';

/** The result text every call left without one gets when the user stops the run. */
export const CANCELLED_OUTPUT = 'cancelled by user';

/** The result text of a call cut short by the whole-run timeout. */
export const TIMED_OUT_OUTPUT = 'cancelled: the run reached its time limit';

/** The result for a call that a stop or the run timeout ended (see {@link abortedByRunTimeout}). */
export function cancelledOutput(signal: AbortSignal): string {
  return abortedByRunTimeout(signal) ? TIMED_OUT_OUTPUT : CANCELLED_OUTPUT;
}

/** How one tool call ended, and the text the model gets back. */
export interface ToolCallOutcome {
  readonly status: 'ok' | 'error' | 'cancelled' | 'declined';
  readonly output: string;
}

/**
 * Runs one tool call the model made, as a visible `tool` step: parses and validates the
 * arguments first (a bad argument goes back to the model as an error result naming the
 * problem), runs the tool with the run's signal composed with a per-tool timeout, and turns a
 * throw into an error result so the run goes on. A stop cancels the call at once, even when
 * the tool ignores its signal. A tool with `approval` waits for the user's decision first
 * (the wait is not part of its duration); a declined call ends `declined`, and the model reads why.
 */
export async function runToolCall(options: { call: LlmToolCall; tools: readonly AgentTool[]; recorder: RunRecorder; signal: AbortSignal; timeoutMs: number; approvals: RunApprovals }): Promise<ToolCallOutcome> {
  const { call, recorder } = options;
  const stepId = recorder.nextStepId();
  const tool = options.tools.find((candidate) => candidate.name === call.name);
  const parsedJson = parseArguments(call.arguments);
  const args = parsedJson.ok ? parsedJson.value : {};
  let startedAt = recorder.now();
  const fail = (summary: string, output: string): ToolCallOutcome => {
    recorder.step({ id: stepId, kind: 'tool', summary, tool: { name: call.name, args, status: 'running' } });
    recorder.emit({ type: 'tool_start', stepId, callId: call.id, name: call.name, args });
    recorder.emit({ type: 'tool_end', stepId, callId: call.id, name: call.name, status: 'error', durationMs: 0, output });
    return { status: 'error', output };
  };
  if (call.name === '') {
    // A call written as text that was cut off or too broken to name a tool (src/llm/text-tool-calls).
    return fail('Wrote a tool call that could not be read', `Error: your tool call could not be read (it was cut off or is not valid JSON): ${call.arguments.slice(0, 200)}. Call the tool again with a name and a JSON object of arguments.`);
  }
  if (tool === undefined) {
    const names = options.tools.map((candidate) => candidate.name).join(', ');
    return fail(`Called unknown tool ${call.name}`, `Error: there is no tool named "${call.name}". Available tools: ${names}.`);
  }
  if (!parsedJson.ok) {
    return fail(`Called ${call.name} with unreadable arguments`, `Error: the arguments of ${call.name} are not valid JSON (${parsedJson.error}). Call it again with a JSON object.`);
  }
  const validated = tool.schema.safeParse(args);
  if (!validated.success) {
    const problems = validated.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'arguments'}: ${issue.message}`).join('; ');
    return fail(`Called ${call.name} with invalid arguments`, `Error: invalid arguments for ${call.name}: ${problems}. Call it again with corrected arguments.`);
  }
  const input: unknown = validated.data;
  const startSummary = safeDescribe(() => tool.describeStart(input), call.name);
  recorder.step({ id: stepId, kind: 'tool', summary: startSummary, tool: { name: call.name, args, status: 'running' } });
  recorder.emit({ type: 'tool_start', stepId, callId: call.id, name: call.name, args });

  let detail: string | undefined;
  let change: ReasoningChange | undefined;
  if (tool.approval !== undefined) {
    const described = await describeApproval(tool.approval, input, call.name, options.signal);
    if (described.kind === 'refused') {
      const output = `Error: ${described.message}`;
      recorder.emit({ type: 'tool_end', stepId, callId: call.id, name: call.name, status: 'error', durationMs: 0, output });
      return { status: 'error', output };
    }
    change = described.text.change;
    const withChange = change !== undefined ? { change } : {};
    if (change !== undefined) recorder.step({ id: stepId, kind: 'tool', summary: startSummary, tool: { name: call.name, args, status: 'running', ...withChange } });
    const approval = await options.approvals.check({ approval: tool.approval, text: described.text, toolName: call.name, args, stepId, callId: call.id, signal: options.signal });
    if (approval.kind !== 'allowed') {
      const ended: ToolCallOutcome = approval.kind === 'cancelled' ? { status: 'cancelled', output: cancelledOutput(options.signal) } : { status: 'declined', output: approval.output };
      if (approval.kind === 'declined') recorder.step({ id: stepId, kind: 'tool', summary: startSummary, detail: approval.note, tool: { name: call.name, args, status: 'running', ...withChange } });
      recorder.emit({ type: 'tool_end', stepId, callId: call.id, name: call.name, status: ended.status, durationMs: 0, output: ended.output });
      return ended;
    }
    detail = approval.note;
    if (detail !== undefined) recorder.step({ id: stepId, kind: 'tool', summary: startSummary, detail, tool: { name: call.name, args, status: 'running', ...withChange } });
    startedAt = recorder.now();
  }

  const timeout = new AbortController();
  const cancelTimer = startTimer(options.timeoutMs, () => timeout.abort());
  const linked = linkAbortSignals([options.signal, timeout.signal]);
  let outcome: ToolCallOutcome;
  let result: AgentToolResult | undefined;
  try {
    result = await raceAbort(tool.execute(input, { signal: linked.controller.signal, now: recorder.now }), linked.controller.signal);
    outcome = { status: 'ok', output: result.output };
  } catch (error) {
    if (options.signal.aborted) outcome = { status: 'cancelled', output: cancelledOutput(options.signal) };
    else if (timeout.signal.aborted) outcome = { status: 'error', output: `Error: ${call.name} did not finish within ${formatLimit(options.timeoutMs)} and was cancelled.` };
    else outcome = { status: 'error', output: `Error: ${call.name} failed: ${describeError(error)}` };
  } finally {
    cancelTimer();
    linked.dispose();
  }
  const durationMs = Math.max(0, recorder.now() - startedAt);
  if (outcome.status === 'ok' && result?.readPaths !== undefined) recorder.noteRead(result.readPaths);
  recorder.emit({ type: 'tool_end', stepId, callId: call.id, name: call.name, status: outcome.status, durationMs, output: outcome.output });
  const endSummary = result !== undefined && tool.describeEnd !== undefined ? safeDescribe(() => tool.describeEnd?.(input, result) ?? startSummary, startSummary) : startSummary;
  // A write's change as made (with its undo record) replaces the one proposed on the card.
  const madeChange = result?.change !== undefined && outcome.status === 'ok';
  if (madeChange) change = result?.change;
  if (endSummary !== startSummary || madeChange) {
    recorder.step({
      id: stepId,
      kind: 'tool',
      summary: endSummary,
      ...(detail !== undefined ? { detail } : {}),
      tool: { name: call.name, args, status: outcome.status, durationMs, output: outcome.output, outputChars: outcome.output.length, ...(change !== undefined ? { change } : {}) },
    });
  }
  return outcome;
}

/** Parses a tool call's raw JSON arguments; empty text counts as `{}` (models send that for no-argument tools). */
export function parseArguments(raw: string): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  if (raw.trim() === '') return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(raw);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return { ok: true, value: value as Record<string, unknown> };
    return { ok: false, error: 'expected an object' };
  } catch (error) {
    return { ok: false, error: describeError(error) };
  }
}

/** A tool's own bullet text, or `fallback` when describing throws (rendering never fails a run). */
function safeDescribe(describe: () => string, fallback: string): string {
  try {
    const text = describe();
    return text.trim() === '' ? fallback : text;
  } catch {
    return fallback;
  }
}

function describeError(error: unknown): string {
  if (isAbortError(error)) return 'it was aborted';
  return error instanceof Error ? error.message : String(error);
}

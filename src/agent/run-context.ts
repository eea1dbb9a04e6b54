import type { LlmFinishReason, LlmMessage, LlmToolCall, LlmToolSchema } from '../llm';
import type { AgentTool } from './agent-tool';
import type { AgentRunOptions } from './agent-run-options';
import { streamModelTurn, type ModelTurnResult, type TurnTextMode } from './model-turn';
import type { RunRecorder } from './run-recorder';
import { runToolCall, cancelledOutput } from './tool-call-runner';
import { isThoughtToolName, thoughtStepFromArgs } from './tools/report-thinking';
import { requestInputTool } from './tools/request-input';
import { askTheUser } from './ask-the-user';
import { parseArguments } from './tool-call-runner';
import type { RunClock } from './run-clock';
import type { RunApprovals } from './run-approvals';
import { callsNotRunNote, MAX_PARALLEL_CALLS, replyLimits, toolResultForModel } from './reply-limits';
import type { RequestParts } from './context-fit/fit-request';
import type { RequestFitter } from './context-fit/request-fitter';
import type { RunSpending } from './spending/run-spending';
import { formatNumber, t, tCount } from '../i18n';

/** How a batch of tool calls ended. */
export type ToolBatchOutcome = 'ok' | 'repeated' | 'stopped';

/** The how-manieth same call (name and arguments) is not run: a notice, and the model is told it has the result. */
export const REPEAT_NOTICE_AT = 3;

/** The how-manieth same call ends the loop (the model went round in circles despite the notice). */
export const REPEAT_LIMIT = 4;

/** What the model reads instead of running a call it already made twice with the same arguments. */
export function repeatedCallOutput(name: string): string {
  return `Not run: you already have this result. ${name} ran with these same arguments earlier in this run and its result is above; use it, or call a tool with different arguments.`;
}

/**
 * The state one run's loops share: the messages sent so far, this turn's transcript, the tools,
 * and the two operations every loop is made of (call the model, run the tool calls).
 */
export class RunContext {
  /** Provider messages of this turn, after the user's question. */
  readonly transcript: LlmMessage[] = [];
  /** Why the last model call stopped, as the provider said (`length`: cut at its token limit). */
  lastFinishReason: LlmFinishReason | undefined;
  private readonly callCounts = new Map<string, number>();

  constructor(
    readonly options: {
      run: AgentRunOptions;
      recorder: RunRecorder;
      /** Aborts on a stop or on the whole-run timeout. */
      signal: AbortSignal;
      clock: RunClock;
      /** System prompt, history (markers stripped), the question and its attachments: what every request starts with. */
      request: Pick<RequestParts, 'system' | 'history' | 'question' | 'context'>;
      /** Fits each request to the model's window and shrinks it after an overflow. */
      fitter: RequestFitter;
      tools: readonly AgentTool[];
      toolSchemas: readonly LlmToolSchema[];
      toolTimeoutMs: number;
      inputTimeoutMs: number;
      approvals: RunApprovals;
      /** The run's spending limits, asked before each call (DESIGN.md 13.4); none without limits. */
      spending?: RunSpending;
    },
  ) {}

  get recorder(): RunRecorder {
    return this.options.recorder;
  }

  get signal(): AbortSignal {
    return this.options.signal;
  }

  /**
   * One streamed model call over everything so far, plus `prompt` as a last system message
   * that is not kept (the phase prompts). The reply goes into the transcript, partial or not.
   */
  async callModel(options: { mode: TurnTextMode; withTools: boolean; prompt?: string }): Promise<ModelTurnResult> {
    const run = this.options.run;
    // Phase prompts go last as a system message: the user's question stays the last user
    // message (simple policies and small models key on it), and the prompt is not kept.
    const trailing: LlmMessage[] = options.prompt !== undefined ? [{ role: 'system', content: options.prompt }] : [];
    const parts: RequestParts = { ...this.options.request, transcript: this.transcript, trailing, tools: options.withTools ? this.options.toolSchemas : [] };
    const fitter = this.options.fitter;
    let turn: ModelTurnResult | undefined;
    for (let attempt = 0; ; attempt++) {
      const fitted = fitter.prepare(parts);
      // A request that no longer fits after the server's overflow fails with the server's own words (issue 38 item 15).
      if (fitted instanceof Error) return { text: '', reasoning: '', toolCalls: [], finishReason: undefined, answered: false, error: turn?.error ?? fitted };
      // The input as the fit estimated it; a call that would cross a limit is not sent.
      const unaffordable = await this.options.spending?.beforeCall({ parts, tokens: fitted.tokens, signal: this.signal });
      if (unaffordable) return { text: '', reasoning: '', toolCalls: [], finishReason: undefined, answered: false, error: unaffordable };
      const request = {
        model: run.modelName,
        messages: fitted.messages,
        ...(options.withTools ? { tools: this.options.toolSchemas } : {}),
        ...(run.temperature !== undefined ? { temperature: run.temperature } : {}),
      };
      turn = await streamModelTurn({ model: run.model, request, signal: this.signal, recorder: this.recorder, mode: options.mode, maxTextChars: replyLimits(run).answerChars, inputTokens: fitted.tokens });
      const overflow = this.signal.aborted ? undefined : fitter.overflowOf(turn, fitted.tokens);
      if (overflow === undefined) break;
      // Asked once more, smaller, unless the reply already reached the answer (then later requests are smaller).
      const retry = attempt === 0 && !turn.answered && turn.toolCalls.length === 0;
      fitter.shrink(overflow, retry);
      if (!retry) break;
    }
    this.lastFinishReason = turn.finishReason;
    if (turn.text !== '' || turn.reasoning !== '' || turn.toolCalls.length > 0) {
      this.transcript.push({
        role: 'assistant',
        content: turn.text,
        ...(turn.toolCalls.length > 0 ? { toolCalls: turn.toolCalls } : {}),
        ...(turn.reasoning !== '' ? { reasoning: turn.reasoning } : {}),
      });
    }
    return turn;
  }

  /**
   * Runs the tool calls of one model reply. Consecutive read-only calls run at once; any other
   * call (a write, an approval, a question) waits for them and runs alone, in the model's order.
   * Steps start and results land in the transcript in the model's call order either way. Every
   * call gets a tool message, whatever happens: its result, an error, "not run" for a repeat, or
   * "cancelled by user" on stop. The third same call (name and arguments) is not run: a notice
   * step, and the model reads that it has the result; a fourth ends the loop.
   */
  async runToolCalls(replyCalls: readonly LlmToolCall[]): Promise<ToolBatchOutcome> {
    let outcome: ToolBatchOutcome = 'ok';
    const outputs: Promise<string>[] = [];
    let running: Promise<string>[] = [];
    const limits = replyLimits(this.options.run);
    const calls = this.keepCallsRun(replyCalls, limits.toolCallsPerReply);
    for (const call of calls) {
      const concurrent = this.isReadOnly(call);
      // A call that is not read-only starts only after every earlier call has ended; read-only ones run at most MAX_PARALLEL_CALLS at once.
      if ((!concurrent || running.length >= MAX_PARALLEL_CALLS) && running.length > 0) {
        await Promise.all(running);
        running = [];
      }
      if (this.signal.aborted || outcome !== 'ok') {
        outputs.push(Promise.resolve(this.signal.aborted ? cancelledOutput(this.signal) : 'Not run: the loop ended because a call was repeated.'));
        continue;
      }
      const count = this.countCall(call);
      if (count >= REPEAT_LIMIT) {
        outcome = 'repeated';
        outputs.push(Promise.resolve(`Not run: ${call.name} was already called ${REPEAT_LIMIT - 1} times with these arguments.`));
        continue;
      }
      if (count === REPEAT_NOTICE_AT) {
        this.recorder.step({ id: this.recorder.nextStepId(), kind: 'notice', summary: t('trace.repeated', { tool: call.name }) });
        outputs.push(Promise.resolve(repeatedCallOutput(call.name)));
        continue;
      }
      const output = this.runOne(call);
      outputs.push(output);
      if (concurrent) running.push(output);
      else await output;
    }
    const results = await Promise.all(outputs);
    const notRun = replyCalls.length - calls.length;
    calls.forEach((call, index) => {
      const note = notRun > 0 && index === calls.length - 1 ? callsNotRunNote(notRun, limits.toolCallsPerReply) : '';
      this.transcript.push({ role: 'tool', toolCallId: call.id, content: toolResultForModel(results[index] ?? cancelledOutput(this.signal), limits.toolResultChars) + note });
    });
    return this.signal.aborted ? 'stopped' : outcome;
  }

  /**
   * The first `limit` calls of a reply. The rest leave the history (the reply in the transcript
   * keeps only the calls run), so 400 calls do not fill the window with "not run" results; a
   * notice step says how many were not run (issue 38 item 17).
   */
  private keepCallsRun(calls: readonly LlmToolCall[], limit: number): readonly LlmToolCall[] {
    if (calls.length <= limit) return calls;
    const kept = calls.slice(0, limit);
    const reply = this.transcript.findLastIndex((message) => message.role === 'assistant');
    const message = this.transcript[reply];
    if (message?.role === 'assistant') this.transcript[reply] = { ...message, toolCalls: kept };
    this.recorder.step({ id: this.recorder.nextStepId(), kind: 'notice', summary: tCount('trace.callsNotRun', calls.length - limit, { limit: formatNumber(limit) }) });
    return kept;
  }

  /** A call to a tool that declares it only reads and needs no approval: it may run beside others. */
  private isReadOnly(call: LlmToolCall): boolean {
    const tool = this.options.tools.find((candidate) => candidate.name === call.name);
    return tool?.readOnly === true && tool.approval === undefined;
  }

  /** Gives every tool call in the transcript that has no result a "cancelled by user" one (or the run-timeout text). */
  closeOpenToolCalls(): void {
    const answered = new Set(this.transcript.flatMap((message) => (message.role === 'tool' ? [message.toolCallId] : [])));
    const open = this.transcript.flatMap((message) => (message.role === 'assistant' ? (message.toolCalls ?? []) : [])).filter((call) => !answered.has(call.id));
    for (const call of open) this.transcript.push({ role: 'tool', toolCallId: call.id, content: cancelledOutput(this.signal) });
  }

  private async runOne(call: LlmToolCall): Promise<string> {
    if (isThoughtToolName(call.name)) {
      const parsed = parseArguments(call.arguments);
      const fields = parsed.ok ? thoughtStepFromArgs(call.name, parsed.value) : null;
      if (fields !== null) {
        this.recorder.step({ id: this.recorder.nextStepId(), ...fields });
        return 'Noted. Continue.';
      }
      // Invalid narration falls through to the generic path, which reports the problem.
    }
    if (call.name === requestInputTool.name && this.options.run.askUser !== undefined) {
      const parsed = parseArguments(call.arguments);
      const validated = parsed.ok ? requestInputTool.schema.safeParse(parsed.value) : null;
      if (validated?.success === true) {
        return askTheUser({
          context: this,
          askUser: this.options.run.askUser,
          request: validated.data,
          timeoutMs: this.options.inputTimeoutMs,
          clock: this.options.clock,
          callId: call.id,
        });
      }
    }
    const outcome = await runToolCall({ call, tools: this.options.tools, recorder: this.recorder, signal: this.signal, timeoutMs: this.options.toolTimeoutMs, approvals: this.options.approvals });
    return outcome.output;
  }

  private countCall(call: LlmToolCall): number {
    const parsed = parseArguments(call.arguments);
    const key = `${call.name}\u0000${parsed.ok ? canonicalJson(parsed.value) : call.arguments}`;
    const count = (this.callCounts.get(key) ?? 0) + 1;
    this.callCounts.set(key, count);
    return count;
  }
}

/** JSON with object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` count as the same call. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

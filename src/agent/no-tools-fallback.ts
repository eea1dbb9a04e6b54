import { LlmRequestError } from '../llm';
import { LIMITS } from '../markers';
import { clampLine, clampText } from './clamp-text';
import type { LoopOutcome } from './loop-outcome';
import type { RunContext } from './run-context';
import { runToolCall } from './tool-call-runner';
import { t } from '../i18n';

/** The vault search the fallback runs for the question, when the host offers it. */
const SEARCH_TOOL = 'localSearch';

// Ollama: "registry.ollama.ai/library/gemma3:4b does not support tools" (400, native and /v1);
// other servers word the same refusal a little differently.
const REFUSES_TOOLS = /does not support (tools|tool use|function calling)|tools? (is|are) not supported|tool use is not supported/i;

/** The server's words when it refused the request because the model cannot use tools; else undefined. */
export function toolsRefusal(error: unknown): string | undefined {
  if (!(error instanceof LlmRequestError) || error.status !== 400) return undefined;
  const message = error.providerMessage ?? '';
  return REFUSES_TOOLS.test(message) ? message : undefined;
}

/**
 * Answers a model that cannot use tools (DESIGN.md 12.1): a notice naming the reason, one search
 * of the vault for the question (shown as its tool step), then a call without tools that has the
 * search results attached. `remembered`: the setting already knew, so no refused request was made.
 * docs/decisions/no-tools-fallback.md.
 */
export async function answerWithoutTools(context: RunContext, options: { reason: string; remembered: boolean }): Promise<LoopOutcome> {
  const { recorder, signal } = context;
  const run = context.options.run;
  recorder.step({
    id: recorder.nextStepId(),
    kind: 'notice',
    summary: options.remembered ? t('trace.noToolsRemembered') : t('trace.noTools'),
    detail: clampText(t('trace.noToolsDetail', { reason: options.reason }), LIMITS.detailChars),
  });
  if (!options.remembered) run.onToolsRefused?.(clampLine(options.reason, 500));
  let found = '';
  if (context.options.tools.some((tool) => tool.name === SEARCH_TOOL)) {
    const outcome = await runToolCall({
      call: { id: 'no_tools_search', name: SEARCH_TOOL, arguments: JSON.stringify({ query: run.question }) },
      tools: context.options.tools,
      recorder,
      signal,
      timeoutMs: context.options.toolTimeoutMs,
      approvals: context.options.approvals,
    });
    if (signal.aborted) return { kind: 'stopped' };
    if (outcome.status === 'ok') found = outcome.output;
  }
  const turn = await context.callModel({ mode: 'answer', withTools: false, prompt: noToolsPrompt(found) });
  if (turn.error === undefined) return { kind: 'complete' };
  return signal.aborted ? { kind: 'stopped' } : { kind: 'error', error: turn.error };
}

function noToolsPrompt(found: string): string {
  const results = found.trim() === '' ? 'The search found nothing.' : `Search results for the question:\n\n${found}`;
  return `You cannot call tools. Answer the question from these search results of the user's notes, citing notes with [[wikilinks]]; if they are not enough, say what is missing.\n\n${results}`;
}

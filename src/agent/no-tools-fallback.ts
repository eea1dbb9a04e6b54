import { LIMITS } from '../markers';
import { clampLine, clampText } from './clamp-text';
import type { LoopOutcome } from './loop-outcome';
import type { RunContext } from './run-context';
import { runToolCall } from './tool-call-runner';
import { t } from '../i18n';
export { toolsRefusal } from './tools-refusal';

/** The vault search the fallback runs for the question, when the host offers it. */
const SEARCH_TOOL = 'localSearch';

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

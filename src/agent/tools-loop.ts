import type { LoopOutcome } from './loop-outcome';
import { answerWithoutTools, toolsRefusal } from './no-tools-fallback';
import type { RunContext } from './run-context';

/**
 * The `tools` loop (DESIGN.md 4): call the model with tools; run the calls it makes; repeat
 * until it answers without calling tools, or a limit is reached.
 */
export async function runToolsLoop(context: RunContext, maxIterations: number): Promise<LoopOutcome> {
  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    const turn = await context.callModel({ mode: 'tools', withTools: true });
    const refusal = turn.error !== undefined && !context.signal.aborted ? toolsRefusal(turn.error) : undefined;
    if (refusal !== undefined) return answerWithoutTools(context, { reason: refusal, remembered: false });
    if (turn.error !== undefined) return context.signal.aborted ? { kind: 'stopped' } : { kind: 'error', error: turn.error };
    if (turn.toolCalls.length === 0) return { kind: 'complete' };
    const batch = await context.runToolCalls(turn.toolCalls);
    if (batch === 'stopped') return { kind: 'stopped' };
    if (batch === 'repeated') return { kind: 'limit', reason: 'repeated' };
  }
  return { kind: 'limit', reason: 'max_iterations' };
}

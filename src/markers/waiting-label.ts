import { t } from '../i18n';
import type { ReasoningPayload } from './reasoning-payload';

/**
 * What a run paused in `awaiting_input` waits for: "Waiting for your approval" while a tool call
 * (a note write, an MCP tool) waits on its card — its step is the last one and still running —
 * or a large request does (its `notice` step is marked `awaitsApproval`, issue 40), else
 * "Waiting for your answer" (a `request_input` question).
 */
export function waitingLabel(payload: Pick<ReasoningPayload, 'steps'>): string {
  const last = payload.steps.at(-1);
  const approval = (last?.kind === 'tool' && last.tool?.status === 'running') || (last?.kind === 'notice' && last.awaitsApproval === true);
  return approval ? t('reasoning.waitingForApproval') : t('reasoning.waitingForAnswer');
}

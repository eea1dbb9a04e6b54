import type { ReasoningPayload } from '../../markers';

/**
 * The reasoning time a finished (or reloaded) block reports, from its saved fields, or `null`
 * when the payload carries no duration at all (the oldest legacy blocks say just "Thought").
 */
export function savedReasoningMs(payload: ReasoningPayload): number | null {
  if (typeof payload.elapsedMs === 'number' && Number.isFinite(payload.elapsedMs) && payload.elapsedMs > 0) {
    return payload.elapsedMs;
  }
  // A payload without elapsedMs still dates its run if the timestamps survived.
  const end = payload.answerStartedAt ?? payload.endedAt;
  if (payload.startedAt > 0 && typeof end === 'number' && end >= payload.startedAt) {
    return Math.max(0, end - payload.startedAt - (payload.pausedMs ?? 0));
  }
  return null;
}

/**
 * The running reasoning time of a live block at `nowMs`: from `startedAt`, minus the time spent
 * waiting for the user. While a question is open the clock stands still at the moment it was asked.
 */
export function liveReasoningMs(payload: ReasoningPayload, nowMs: number): number {
  const paused = payload.pausedMs ?? 0;
  if (payload.status === 'awaiting_input') {
    const asked = lastInputStepAt(payload);
    const frozenAt = asked ?? nowMs;
    return Math.max(payload.elapsedMs, frozenAt - payload.startedAt - paused, 0);
  }
  return Math.max(0, nowMs - payload.startedAt - paused);
}

function lastInputStepAt(payload: ReasoningPayload): number | null {
  for (let index = payload.steps.length - 1; index >= 0; index -= 1) {
    const step = payload.steps[index];
    if (step?.kind === 'input') return step.at;
  }
  return null;
}

/** True while the run is still thinking or waiting, i.e. while the header timer matters. */
export function isWorking(payload: ReasoningPayload): boolean {
  return payload.status === 'reasoning' || payload.status === 'awaiting_input';
}

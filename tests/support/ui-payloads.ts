import type { ReasoningPayload, ReasoningStep, FinishedToolCall } from '../../src/markers/reasoning-payload';

/** 2025-11-22 00:21:31 UTC: a fixed "send" time for UI tests. */
export const T0 = 1_763_770_891_000;

/** A version-1 payload with sensible defaults; override what the test is about. */
export function payload(overrides: Partial<ReasoningPayload> = {}): ReasoningPayload {
  return { v: 1, status: 'reasoning', startedAt: T0, elapsedMs: 0, steps: [], ...overrides };
}

/** A thought step. */
export function thoughtStep(id: string, summary: string, overrides: Partial<ReasoningStep> = {}): ReasoningStep {
  return { id, kind: 'thought', summary, at: T0 + 500, ...overrides };
}

/** A tool step. */
export function toolStep(id: string, summary: string, tool: Partial<FinishedToolCall> = {}): ReasoningStep {
  return {
    id,
    kind: 'tool',
    summary,
    at: T0 + 1000,
    tool: { name: 'localSearch', args: { query: 'refunds' }, status: 'ok', durationMs: 420, output: 'Refund policy.md\nBilling.md', outputChars: 27, ...tool },
  };
}

/** Hostile strings that must show up as text, never as elements. */
export const HOSTILE = Object.freeze({
  img: '<img src=x onerror="window.__pwned = true">',
  script: '<script>window.__pwned = true</script>',
});

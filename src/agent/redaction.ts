import type { ReasoningStep } from '../markers';

/** The summary a step gets when it quotes the agent's instructions. */
export const REDACTED_SUMMARY = '[redacted: quoted instructions]';

/** How long a shared run of characters must be to count as quoting the instructions. */
export const REDACTION_RUN_CHARS = 40;

/**
 * Builds a function that hides steps quoting the agent's instructions (DESIGN.md 4: the model
 * must not leak its system prompt into the visible block). A step is redacted when its
 * summary or detail shares a run of {@link REDACTION_RUN_CHARS} characters with any of
 * `instructions`. Whitespace runs and case are normalised on both sides, so a quote that was
 * re-wrapped or re-cased is still caught.
 *
 * Cost: one set of every 40-character window of the instructions (a few thousand entries),
 * then one lookup per window of the step text.
 */
export function createStepRedactor(instructions: readonly string[]): (step: ReasoningStep) => ReasoningStep {
  const windows = new Set<string>();
  for (const text of instructions) {
    const normal = normalise(text);
    for (let start = 0; start + REDACTION_RUN_CHARS <= normal.length; start += 1) {
      windows.add(normal.slice(start, start + REDACTION_RUN_CHARS));
    }
  }
  const quotes = (text: string | undefined): boolean => {
    if (text === undefined || windows.size === 0) return false;
    const normal = normalise(text);
    for (let start = 0; start + REDACTION_RUN_CHARS <= normal.length; start += 1) {
      if (windows.has(normal.slice(start, start + REDACTION_RUN_CHARS))) return true;
    }
    return false;
  };
  return (step) => {
    if (!quotes(step.summary) && !quotes(step.detail)) return step;
    const { detail: _detail, ...rest } = step;
    return { ...rest, summary: REDACTED_SUMMARY };
  };
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').toLowerCase();
}

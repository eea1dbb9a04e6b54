import { t, tCount } from '../i18n';
import type { ReasoningStep } from './reasoning-payload';

/**
 * What a folded block must not hide (issue 26): how many tool steps failed and how many the user
 * declined, e.g. "1 step failed", "2 steps failed, 1 declined"; '' when none did. The chat's
 * folded header and the CLI's collapsed block both add it, so a failure never reads as a success.
 */
export function describeStepFailures(steps: readonly ReasoningStep[]): string {
  let failed = 0;
  let declined = 0;
  for (const step of steps) {
    if (step.tool?.status === 'error') failed += 1;
    else if (step.tool?.status === 'declined') declined += 1;
  }
  if (failed === 0) return declined === 0 ? '' : tCount('reasoning.stepsDeclined', declined);
  const failures = tCount('reasoning.stepsFailed', failed);
  return declined === 0 ? failures : t('reasoning.alsoDeclined', { failed: failures, count: declined });
}

/** `label` with the failures after a middle dot when there are any: "Thought for 5s · 1 step failed". */
export function withStepFailures(label: string, steps: readonly ReasoningStep[]): string {
  const failures = describeStepFailures(steps);
  return failures === '' ? label : t('reasoning.withFailures', { label, failures });
}

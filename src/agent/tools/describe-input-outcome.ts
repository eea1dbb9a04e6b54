import { formatLimit } from '../format-limit';

/** What the model is told after the user answered, dismissed the question, or let it time out. */
export function describeInputOutcome(outcome: { outcome: 'answered' | 'dismissed' | 'timed_out'; answer?: string; timeoutMs: number }): string {
  switch (outcome.outcome) {
    case 'answered':
      return `The user answered: ${outcome.answer ?? ''}`;
    case 'dismissed':
      return 'The user dismissed the question without answering. Continue with your best judgement.';
    case 'timed_out':
      return `The user did not answer within ${formatLimit(outcome.timeoutMs)}. Continue with your best judgement.`;
    default: {
      const unreachable: never = outcome.outcome;
      return unreachable;
    }
  }
}

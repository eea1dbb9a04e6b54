import { describeSpendingStop } from './describe-spending-stop';
import type { SpendingStop } from './spending-limits';

/**
 * The model call was not sent because of a spending limit (DESIGN.md 13.4). The loops end on
 * it like on any failed call; the runner ends the run with status `budget` and `userMessage`.
 */
export class SpendingLimitError extends Error {
  readonly userMessage: string;

  constructor(readonly stop: SpendingStop) {
    const message = describeSpendingStop(stop);
    super(message);
    this.name = 'SpendingLimitError';
    this.userMessage = message;
  }
}

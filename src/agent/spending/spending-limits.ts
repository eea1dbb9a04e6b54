import type { ModelPrice } from '../../markers';

/**
 * What one run may spend (DESIGN.md 13.4), checked before each model call against the request's
 * estimated input (the context fit's estimate; the answer's size is not reserved). Every field
 * is optional: a run without limits is checked against nothing.
 *
 * @example
 * { runTokens: 20_000, runCost: 0.05, price: { inputPerMillion: 3, outputPerMillion: 15 } }
 */
export interface AgentSpendingLimits {
  /** Most tokens (input and output of every model call) the run may use. */
  readonly runTokens?: number;
  /** Most the run may cost, in the price's currency (US dollars); applies only with `price`. */
  readonly runCost?: number;
  /** What the model costs per million tokens: prices the cost limit, the day's budget and the large-request question. */
  readonly price?: ModelPrice;
  /**
   * The day's cost budget (with `price`): `spent()` is what earlier runs spent today on this
   * device (`estimated` when any of it was Glassbox's estimate), read before each call, so runs
   * of other sessions that ended count at once.
   */
  readonly day?: { readonly budget: number; readonly spent: () => { readonly amount: number; readonly estimated: boolean } };
  /**
   * A single request estimated above either amount asks before it is sent (the plugin's
   * approval card, through the run's approval gate); without a gate it is not sent.
   */
  readonly confirmAbove?: { readonly tokens?: number; readonly cost?: number };
}

/** The limit that stopped a run. */
export type SpendingLimitKind = 'run_tokens' | 'run_cost' | 'day_budget';

/**
 * Why a model call was not sent. Amounts are tokens for `run_tokens` and dollars otherwise;
 * `spentEstimated` when any of the spent amount is Glassbox's estimate (a server that reports
 * no usage), so it is shown with "~" and never as exact.
 */
export type SpendingStop =
  | {
      readonly kind: SpendingLimitKind;
      readonly limit: number;
      readonly spent: number;
      readonly spentEstimated: boolean;
      /** The request that was not sent (always an estimate). */
      readonly next: number;
    }
  | {
      /** The user declined a large request. */
      readonly kind: 'declined';
      readonly tokens: number;
      readonly cost?: number;
    };

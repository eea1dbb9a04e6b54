/**
 * How a context window is shared (DESIGN.md 12.1): room kept for the answer, a margin for the
 * estimate (its lowest ratio to cl100k_base on a help-corpus file was 0.86, docs/decisions/token-estimate.md),
 * and the share attachments may take.
 */

/** Of the window, what the request may fill before the answer's room: the estimate can be up to 14 % low on one file (Finnish on cl100k); the answer's room covers the rest. */
export const WINDOW_SAFETY = 0.92;

/** Tokens kept for the answer: an eighth of the window, at least 256 and at most 4,096. */
export function answerReserve(windowTokens: number): number {
  return Math.min(4096, Math.max(256, Math.round(windowTokens / 8)));
}

/** Tokens the request itself may hold in a window. */
export function requestBudget(windowTokens: number): number {
  return Math.max(0, Math.floor(windowTokens * WINDOW_SAFETY) - answerReserve(windowTokens));
}

/** The attachments' share of a window: a quarter, and never more than the "Context budget" setting. */
export function attachmentBudget(windowTokens: number, settingTokens: number): number {
  return Math.max(100, Math.min(settingTokens, Math.floor(windowTokens / 4)));
}

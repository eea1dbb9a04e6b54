import { formatNumber, t } from '../../i18n';
import { IMAGE_TOKENS, messageTokens, type RequestParts } from '../context-fit/fit-request';
import { countTokens } from '../context-fit/count-tokens';
import { tokensCost } from '../../markers';
import type { AgentSpendingLimits } from './spending-limits';

/** A request big enough to ask about first: its estimated size and what makes it big. */
export interface LargeRequest {
  readonly tokens: number;
  /** Dollars, with a price. */
  readonly cost?: number;
  /** The parts that make it big, as phrases: "the attached note Handbook (~40,000 tokens)". */
  readonly reasons: readonly string[];
}

/** A part that takes at least this share of the request is named as a reason it is big. */
const REASON_SHARE = 0.25;

/**
 * Whether one request is above the asking threshold (DESIGN.md 13.4): with a price and a cost
 * threshold, by its estimated input cost; otherwise by its estimated tokens. Null when it is not.
 */
export function largeRequestOf(options: { limits: AgentSpendingLimits; parts: RequestParts; tokens: number }): LargeRequest | null {
  const { limits, parts, tokens } = options;
  const above = limits.confirmAbove;
  if (above === undefined) return null;
  const cost = limits.price === undefined ? undefined : tokensCost(tokens, 0, limits.price);
  const big = cost !== undefined && above.cost !== undefined ? cost > above.cost : above.tokens !== undefined && tokens > above.tokens;
  if (!big) return null;
  return { tokens, ...(cost !== undefined ? { cost } : {}), reasons: reasonsOf(parts, tokens) };
}

/**
 * The parts that take a quarter of the request or more, biggest first. When none does, the
 * biggest part, the instructions and tool descriptions (the rest of the request) among them:
 * with small notes, they are what a request is mostly made of.
 */
function reasonsOf(parts: RequestParts, total: number): string[] {
  const candidates: { tokens: number; text: (tokens: string) => string }[] = [];
  for (const attachment of parts.context?.attachments ?? []) {
    candidates.push({ tokens: countTokens(attachment.text), text: (tokens) => t('spending.reasonAttachment', { name: attachment.path, tokens }) });
  }
  const images = parts.images?.length ?? 0;
  if (images > 0) candidates.push({ tokens: images * IMAGE_TOKENS, text: (tokens) => t('spending.reasonImages', { tokens }) });
  const history = parts.history.reduce((sum, message) => sum + messageTokens(message), 0);
  if (parts.history.length > 0) candidates.push({ tokens: history, text: (tokens) => t('spending.reasonConversation', { tokens }) });
  const transcript = parts.transcript.reduce((sum, message) => sum + messageTokens(message), 0);
  if (parts.transcript.length > 0) candidates.push({ tokens: transcript, text: (tokens) => t('spending.reasonToolResults', { tokens }) });
  candidates.push({ tokens: countTokens(parts.question), text: (tokens) => t('spending.reasonQuestion', { tokens }) });
  candidates.sort((a, b) => b.tokens - a.tokens);
  const named = candidates.filter((candidate) => candidate.tokens >= total * REASON_SHARE);
  const standing = Math.max(0, total - candidates.reduce((sum, candidate) => sum + candidate.tokens, 0));
  const biggest = [...candidates, { tokens: standing, text: (tokens: string) => t('spending.reasonStanding', { tokens }) }].sort((a, b) => b.tokens - a.tokens).slice(0, 1);
  return (named.length > 0 ? named : biggest).map((candidate) => candidate.text(`~${formatNumber(candidate.tokens)}`));
}

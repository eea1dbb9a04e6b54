import { formatNumber, t } from '../../i18n';

/** "300", "1.2k", "15k": an estimated token count at a glance. */
export function compactTokens(tokens: number): string {
  return formatNumber(tokens, { notation: 'compact', maximumFractionDigits: tokens < 10_000 ? 1 : 0 });
}

/** "~300 tokens", "~1.2k tokens": a chip's size. */
export function tokenLabel(tokens: number): string {
  return t('context.tokens', { tokens: compactTokens(tokens) });
}

import { formatNumber, t, uiLanguage } from '../../i18n';

/** "300", "1.2k", "15k": an estimated token count at a glance. */
export function compactTokens(tokens: number): string {
  // English keeps its lowercase "k"; other languages write thousands their own way ("1.2万", "1200").
  if (uiLanguage() !== 'en') return formatNumber(tokens, { notation: 'compact', maximumFractionDigits: tokens < 10_000 ? 1 : 0 });
  if (tokens < 1000) return String(tokens);
  const thousands = tokens / 1000;
  return `${thousands < 10 ? thousands.toFixed(1).replace(/\.0$/, '') : Math.round(thousands)}k`;
}

/** "~300 tokens", "~1.2k tokens": a chip's size. */
export function tokenLabel(tokens: number): string {
  return t('context.tokens', { tokens: compactTokens(tokens) });
}

import { citationLines } from '../conversation';
import type { ReasoningCitation } from '../markers';
import { stripControls } from '../commands';

/**
 * The "Sources" list that ends `glassbox ask`'s answer (DESIGN.md 13.3): one line per cited note,
 * `✓` read, `!` not read in this run, `✗` no such note, and under it each quotation the note does
 * not hold (`citationLines`, as the exports write them). Empty when the answer cites nothing.
 */
export function sourcesList(citations: readonly ReasoningCitation[]): string {
  if (citations.length === 0) return '';
  return `${['Sources', ...citationLines(citations).map(stripControls)].join('\n')}\n`;
}

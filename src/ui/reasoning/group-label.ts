import { describeStepFailures, sumUsage, type ReasoningStep } from '../../markers';
import { compactTokens } from '../context/token-label';
import type { TraceEntry } from './trace-rows';
import { t, tCount } from '../../i18n';

/** How a folded line says what one tool did `count` times ("searched 3 times", "read 2 notes"), in the UI's language. */
const TOOL_PHRASES: Readonly<Record<string, ToolPhraseKey>> = Object.freeze({
  localSearch: 'group.searched',
  readNote: 'group.read',
  getLinks: 'group.links',
  getTagNotes: 'group.byTag',
  getTimeRange: 'group.byDate',
  createNote: 'group.created',
  appendToNote: 'group.appended',
  editNote: 'group.edited',
});

type ToolPhraseKey = 'group.searched' | 'group.read' | 'group.links' | 'group.byTag' | 'group.byDate' | 'group.created' | 'group.appended' | 'group.edited';

/**
 * The one line a folded group shows (DESIGN.md 12.3): what its steps did, in the order they first
 * did it ("Searched 3 times · read 2 notes"), the tokens of its model turns ("4.1k tokens", "~"
 * when estimated), and its failures, which folding must not hide ("1 step failed").
 */
export function groupLabel(entries: readonly TraceEntry[]): string {
  const steps = entries.flatMap((entry) => (entry.type === 'step' ? [entry.step] : []));
  const parts = [...whatTheyDid(steps)];
  const usage = sumUsage(entries.flatMap((entry) => (entry.type === 'turn' && entry.turn.usage !== undefined ? [entry.turn.usage] : [])));
  if (usage !== undefined) parts.push(t('group.tokens', { tokens: `${usage.estimated === true ? '~' : ''}${compactTokens(usage.promptTokens + usage.completionTokens)}` }));
  const failures = describeStepFailures(steps);
  if (failures !== '') parts.push(failures);
  const line = parts.join(' · ');
  return line.charAt(0).toUpperCase() + line.slice(1);
}

function whatTheyDid(steps: readonly ReasoningStep[]): string[] {
  const counts = new Map<string, number>();
  for (const step of steps) {
    const name = String(step.tool?.name ?? '');
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => (Object.hasOwn(TOOL_PHRASES, name) ? tCount(TOOL_PHRASES[name], count) : tCount('group.called', count, { tool: name || t('group.aTool') })));
}

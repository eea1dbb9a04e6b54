import { describeStepFailures, sumUsage, type ReasoningStep } from '../../markers';
import { compactTokens } from '../context/token-label';
import type { TraceEntry } from './trace-rows';

/** How a folded line says what one tool did `count` times ("searched 3 times", "read 2 notes"). */
const TOOL_PHRASES: Readonly<Record<string, (count: number) => string>> = Object.freeze({
  localSearch: (count: number) => `searched ${times(count)}`,
  readNote: (count: number) => `read ${notes(count)}`,
  getLinks: (count: number) => `looked up links ${times(count)}`,
  getTagNotes: (count: number) => `listed notes by tag ${times(count)}`,
  getTimeRange: (count: number) => `listed notes by date ${times(count)}`,
  createNote: (count: number) => `created ${notes(count)}`,
  appendToNote: (count: number) => `appended to ${notes(count)}`,
  editNote: (count: number) => `edited ${notes(count)}`,
});

/**
 * The one line a folded group shows (DESIGN.md 12.3): what its steps did, in the order they first
 * did it ("Searched 3 times · read 2 notes"), the tokens of its model turns ("4.1k tokens", "~"
 * when estimated), and its failures, which folding must not hide ("1 step failed").
 */
export function groupLabel(entries: readonly TraceEntry[]): string {
  const steps = entries.flatMap((entry) => (entry.type === 'step' ? [entry.step] : []));
  const parts = [...whatTheyDid(steps)];
  const usage = sumUsage(entries.flatMap((entry) => (entry.type === 'turn' && entry.turn.usage !== undefined ? [entry.turn.usage] : [])));
  if (usage !== undefined) parts.push(`${usage.estimated === true ? '~' : ''}${compactTokens(usage.promptTokens + usage.completionTokens)} tokens`);
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
  return [...counts].map(([name, count]) => (Object.hasOwn(TOOL_PHRASES, name) ? TOOL_PHRASES[name](count) : `called ${name || 'a tool'} ${times(count)}`));
}

function times(count: number): string {
  return count === 1 ? 'once' : `${count} times`;
}

function notes(count: number): string {
  return count === 1 ? '1 note' : `${count} notes`;
}

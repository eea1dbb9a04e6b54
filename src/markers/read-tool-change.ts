import type { ReasoningChange } from './reasoning-payload';

/**
 * A tool call's `change` as read from a payload, or undefined when there is none or it is not
 * well formed (a note edited by hand must not break the block; the step then shows as a plain
 * tool call).
 */
export function readToolChange(tool: { readonly change?: unknown } | undefined): ReasoningChange | undefined {
  const change = tool?.change;
  if (typeof change !== 'object' || change === null || Array.isArray(change)) return undefined;
  const { path, added, removed, diff } = change as Record<string, unknown>;
  if (typeof path !== 'string' || !isCount(added) || !isCount(removed) || !Array.isArray(diff)) return undefined;
  if (!diff.every((line) => typeof line === 'string')) return undefined;
  return { path, added, removed, diff };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

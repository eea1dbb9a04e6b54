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

/** One note write of a run, as `glassbox inspect` reports it. */
export interface NoteWriteRecord {
  readonly tool: string;
  readonly path: string;
  /** `ok`, `declined`, `error`, or `cancelled` (a stop withdrew its card). */
  readonly status: string;
  readonly added: number;
  readonly removed: number;
}

/** The note writes recorded in a run's steps, in order. */
export function noteWritesOf(payload: { readonly steps: readonly { readonly tool?: { readonly name: string; readonly status: string; readonly change?: unknown } }[] } | null): NoteWriteRecord[] {
  const writes: NoteWriteRecord[] = [];
  for (const step of payload?.steps ?? []) {
    const change = readToolChange(step.tool);
    if (change === undefined || step.tool === undefined) continue;
    writes.push({ tool: step.tool.name, path: change.path, status: step.tool.status, added: change.added, removed: change.removed });
  }
  return writes;
}

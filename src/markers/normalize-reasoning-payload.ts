import { LIMITS, type ReasoningPayload, type ReasoningStatus, type ReasoningStep } from './reasoning-payload';

// The enum fields (run status, step kind, tool status, thought type) are only checked to be
// strings: a value from a newer version is kept verbatim and the payload stays readable
// (docs/decisions/marker-forward-compatibility.md).

/** The value of the `legacyFormat` extra field on payloads read from an older marker form. */
export type LegacyReasoningFormat = 'reasoning-block-seconds' | 'agent-reasoning';

/**
 * Turns a parsed marker payload into a version-1 {@link ReasoningPayload}, or null when it is
 * not one. Accepts:
 * - version 1 (`v: 1`), returned as the same object, extra fields and all, after checking
 *   every field DESIGN.md 3.1 names has the right type (a wrong type anywhere → null). An enum
 *   field (run status, step kind, tool status, thought type) holding a string this version does
 *   not know is kept as is: the payload may come from a newer plugin, so readers must expect
 *   values outside the union types;
 * - the first serialized form `{"elapsed": SECONDS, "steps": ["..."]}` (no `v`), see
 *   {@link legacyStepsPayload}.
 * Never throws.
 */
export function normalizeReasoningPayload(value: unknown): ReasoningPayload | null {
  if (!isRecord(value)) return null;
  if (value.v === 1) return isVersionOnePayload(value) ? (value as ReasoningPayload) : null;
  if (value.v !== undefined) return null;
  const { elapsed, steps } = value;
  if (elapsed === undefined && steps === undefined) return null;
  if (elapsed !== undefined && !isFiniteNumber(elapsed)) return null;
  if (steps !== undefined && !Array.isArray(steps)) return null;
  const summaries = ((steps ?? []) as readonly unknown[]).map(legacyStepText);
  if (summaries.some((summary) => summary === null)) return null;
  return legacyStepsPayload({
    status: 'complete',
    elapsedSeconds: elapsed ?? 0,
    summaries: summaries as string[],
    format: 'reasoning-block-seconds',
  });
}

/**
 * Builds the version-1 payload for a legacy marker (decision: docs/decisions/legacy-reasoning-normalisation.md).
 * `elapsedMs` = seconds × 1000; each text becomes a `thought` step with id `legacy-N` and `at: 0`
 * (the old forms kept no clock); `startedAt` is 0 for the same reason. A text longer than the
 * summary limit keeps its first line, clamped with an ellipsis, as `summary` and the full text as
 * `detail`. The extra field `legacyFormat` says where the payload came from, so the UI can avoid
 * showing 1970 timestamps.
 */
export function legacyStepsPayload(options: {
  status: ReasoningStatus;
  elapsedSeconds: number;
  summaries: readonly string[];
  format: LegacyReasoningFormat;
}): ReasoningPayload {
  const steps: ReasoningStep[] = options.summaries.map((text, index) => {
    const summary = clampSummary(text);
    const step: ReasoningStep = { id: `legacy-${index + 1}`, kind: 'thought', summary, at: 0 };
    return summary === text ? step : { ...step, detail: text.slice(0, LIMITS.detailChars) };
  });
  return {
    v: 1,
    status: options.status,
    startedAt: 0,
    elapsedMs: Math.max(0, options.elapsedSeconds * 1000),
    steps,
    legacyFormat: options.format,
  };
}

function legacyStepText(step: unknown): string | null {
  if (typeof step === 'string') return step;
  if (isRecord(step) && typeof step.summary === 'string') return step.summary;
  return null;
}

function clampSummary(text: string): string {
  const newline = text.indexOf('\n');
  const firstLine = newline === -1 ? text : text.slice(0, newline);
  if (firstLine.length <= LIMITS.summaryChars && newline === -1) return text;
  return firstLine.length <= LIMITS.summaryChars ? firstLine : `${firstLine.slice(0, LIMITS.summaryChars - 1)}…`;
}

function isVersionOnePayload(value: Record<string, unknown>): boolean {
  return (
    typeof value.status === 'string' &&
    isFiniteNumber(value.startedAt) &&
    isFiniteNumber(value.elapsedMs) &&
    optional(value.answerStartedAt, isFiniteNumber) &&
    optional(value.endedAt, isFiniteNumber) &&
    optional(value.pausedMs, isFiniteNumber) &&
    optional(value.error, isString) &&
    optional(value.usage, isUsage) &&
    Array.isArray(value.steps) &&
    (value.steps as unknown[]).every(isStep)
  );
}

function isStep(step: unknown): boolean {
  return (
    isRecord(step) &&
    typeof step.id === 'string' &&
    typeof step.kind === 'string' &&
    typeof step.summary === 'string' &&
    isFiniteNumber(step.at) &&
    optional(step.detail, isString) &&
    optional(step.tool, isToolCall) &&
    optional(step.thoughtType, isString) &&
    optional(step.confidence, isFiniteNumber)
  );
}

function isToolCall(tool: unknown): boolean {
  return (
    isRecord(tool) &&
    typeof tool.name === 'string' &&
    isRecord(tool.args) &&
    typeof tool.status === 'string' &&
    optional(tool.durationMs, isFiniteNumber) &&
    optional(tool.output, isString) &&
    optional(tool.outputChars, isFiniteNumber)
  );
}

function isUsage(usage: unknown): boolean {
  return isRecord(usage) && isFiniteNumber(usage.promptTokens) && isFiniteNumber(usage.completionTokens);
}

function optional(value: unknown, check: (value: unknown) => boolean): boolean {
  return value === undefined || check(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isString(value: unknown): boolean {
  return typeof value === 'string';
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

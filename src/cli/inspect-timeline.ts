import type { ConversationMessage } from '../conversation';
import { formatHeaderTime } from '../conversation';
import { formatCost, formatStepDuration, parseAssistantContent, runCostAt, type ModelPrice, type ReasoningPayload } from '../markers';

/** One model turn as the payload's optional `turns` records it (issue 24): when, how long, its usage. */
interface ModelTurn {
  readonly at: number;
  readonly durationMs: number;
  readonly usage?: { readonly promptTokens: number; readonly completionTokens: number; readonly estimated?: true };
}

/** One line of a run's timeline before it is laid out. */
interface TimelineRow {
  readonly at: number;
  readonly kind: string;
  readonly duration: string;
  readonly tokens: string;
  readonly status: string;
  readonly summary: string;
}

/**
 * `glassbox inspect NOTE --timeline` (DESIGN.md 12.3): each run of a conversation, then its
 * model turns and steps in order, one a line: start offset from the question, kind, duration,
 * tokens (model turns, when the payload has them; "~" when estimated), status (tool calls), and
 * the step's line, after the tool and its input for a tool call (`localSearch "refund": Found 1 note: Refunds`). Columns are padded to line up. With a `price` (per million tokens, from the
 * command line) each run's line ends with its cost, when it kept its turns' tokens.
 */
export function timelineLines(messages: readonly ConversationMessage[], clock: 'local' | 'utc' = 'local', price?: ModelPrice): string[] {
  const lines: string[] = [];
  let run = 0;
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    const payload = parseAssistantContent(message.content).reasoning;
    run += 1;
    if (payload === null) {
      lines.push(`Run ${run}: no trace`, '');
      continue;
    }
    const usage = payload.usage === undefined ? '' : ` · ${payload.usage.promptTokens} in, ${payload.usage.completionTokens} out`;
    const when = payload.startedAt > 0 ? ` · ${formatHeaderTime(payload.startedAt, clock)}` : '';
    // A regenerated answer's run is one more run of the same question (DESIGN.md 12.3).
    const regenerated = message.alternateOf !== undefined ? ' · regenerated' : '';
    const cost = price === undefined ? undefined : runCostAt(payload, price);
    lines.push(`Run ${run}${regenerated}${when} · ${payload.status} · ${formatStepDuration(runDuration(payload))}${usage}${cost === undefined ? '' : ` · ${formatCost(cost)}`}`);
    const rows = [...modelTurns(payload).map(turnRow), ...payload.steps.map(stepRow)].sort((first, second) => first.at - second.at);
    const cells = rows.map((row) => [offset(row.at - payload.startedAt), row.kind, row.duration, row.tokens, row.status, row.summary]);
    // A column empty in every row (no tokens before per-turn records) is left out.
    const widths = [0, 1, 2, 3, 4, 5].map((column) => Math.max(0, ...cells.map((cell) => cell[column].length)));
    const shown = widths.map((width, column) => column === 5 || width > 0);
    for (const cell of cells) lines.push(`  ${cell.flatMap((text, column) => (shown[column] ? [column < 5 ? text.padEnd(widths[column]) : text] : [])).join('  ')}`.trimEnd());
    lines.push('');
  }
  return lines;
}

function runDuration(payload: ReasoningPayload): number {
  return (payload.endedAt ?? payload.startedAt + payload.elapsedMs) - payload.startedAt;
}

function offset(ms: number): string {
  return `+${(Math.max(0, ms) / 1000).toFixed(1)}s`;
}

function turnRow(turn: ModelTurn, index: number): TimelineRow {
  const usage = turn.usage;
  const tokens = usage === undefined ? '' : `${usage.estimated === true ? '~' : ''}${usage.promptTokens} in · ${usage.completionTokens} out`;
  return { at: turn.at, kind: 'model', duration: formatStepDuration(turn.durationMs), tokens, status: '', summary: `Model turn ${index + 1}` };
}

function stepRow(step: ReasoningPayload['steps'][number]): TimelineRow {
  const tool = step.tool;
  return {
    at: step.at,
    kind: step.kind,
    duration: tool?.durationMs === undefined ? '' : formatStepDuration(tool.durationMs),
    tokens: '',
    status: tool?.status ?? '',
    summary: tool === undefined ? step.summary : `${toolCallLine(tool.name, tool.args)}: ${step.summary}`,
  };
}

/** Most characters of a tool call's input on its line; the rest is cut with "…". */
const INPUT_CHARS = 80;

/**
 * A tool call as the model made it, e.g. `localSearch "refund"` or `readNote "Refunds.md" chunk=1`:
 * the first argument's value alone, the others as name=value, each value as JSON.
 */
function toolCallLine(name: string, args: Readonly<Record<string, unknown>> | undefined): string {
  const entries = Object.entries(args ?? {}).filter(([, value]) => value !== undefined);
  const input = entries.map(([key, value], index) => `${index === 0 ? '' : `${key}=`}${JSON.stringify(value)}`).join(' ');
  const shown = input.length > INPUT_CHARS ? `${input.slice(0, INPUT_CHARS - 1)}…` : input;
  return shown === '' ? name : `${name} ${shown}`;
}

/** The payload's `turns`, each checked; a malformed entry is left out (a hand-edited note must not break the timeline). */
function modelTurns(payload: ReasoningPayload): ModelTurn[] {
  const turns = payload.turns;
  if (!Array.isArray(turns)) return [];
  const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
  return turns.flatMap((turn: unknown): ModelTurn[] => {
    if (typeof turn !== 'object' || turn === null) return [];
    const { at, durationMs, usage } = turn as Record<string, unknown>;
    if (!isCount(at) || !isCount(durationMs)) return [];
    const { promptTokens, completionTokens, estimated } = (usage ?? {}) as Record<string, unknown>;
    const withUsage = isCount(promptTokens) && isCount(completionTokens) ? { usage: { promptTokens, completionTokens, ...(estimated === true ? { estimated: true as const } : {}) } } : {};
    return [{ at, durationMs, ...withUsage }];
  });
}

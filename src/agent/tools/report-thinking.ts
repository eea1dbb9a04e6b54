import * as z from 'zod/v4';
import type { ReasoningStep, ThoughtType } from '../../markers';
import type { AgentTool } from '../agent-tool';
import { clampLine, clampText } from '../clamp-text';

/** Limits of a narrated step (DESIGN.md 4): `step` ≤ 50 characters, `detail` ≤ 500. */
export const THOUGHT_LIMITS = Object.freeze({ stepChars: 50, detailChars: 500 });

const THOUGHT_TYPES = ['planning', 'reasoning', 'reflection', 'decision', 'observation', 'critique'] as const;

const reportThinkingSchema = z.object({
  step: z.string().describe('What you are doing or concluding now, in at most 50 characters.'),
  detail: z.string().optional().describe('Optional: why, in at most 500 characters.'),
});

const thinkAloudSchema = z.object({
  thought: z.string().describe('The thought, in a sentence or two.'),
  thought_type: z.enum(THOUGHT_TYPES).optional().describe('What kind of thought this is.'),
  confidence: z.number().min(0).max(1).optional().describe('How sure you are, from 0 to 1.'),
  verbosity: z.enum(['brief', 'normal', 'detailed']).optional().describe('How much detail the thought carries.'),
});

/** The text a thought tool gives back to the model: short, so it costs few tokens. */
const NOTED = 'Noted. Continue.';

/**
 * `report_thinking`: the model narrates a step of its work. The runner turns the call into a
 * `thought` step (no `tool_start`/`tool_end` noise); longer text than the limits is clamped,
 * not rejected, because a rejected narration would cost a whole model round trip.
 */
export const reportThinkingTool: AgentTool<typeof reportThinkingSchema> = {
  name: 'report_thinking',
  description: 'Report briefly what you are doing or concluding at a decision point, so the user can follow your work. Does not search or change anything.',
  compactDescription: 'Say what you are doing, in a few words.',
  schema: reportThinkingSchema,
  describeStart: (args) => clampLine(args.step, THOUGHT_LIMITS.stepChars),
  execute: () => Promise.resolve({ output: NOTED }),
};

/** `think_aloud`: the same as `report_thinking`, with a thought type, a confidence and a verbosity. */
export const thinkAloudTool: AgentTool<typeof thinkAloudSchema> = {
  name: 'think_aloud',
  description: 'Share a thought about your work (planning, reasoning, reflection, decision, observation or critique), with how confident you are. Does not search or change anything.',
  schema: thinkAloudSchema,
  describeStart: (args) => clampLine(args.thought, 120),
  execute: () => Promise.resolve({ output: NOTED }),
};

/** Whether `name` is one of the narration tools the runner shows as thought steps. */
export function isThoughtToolName(name: string): boolean {
  return name === reportThinkingTool.name || name === thinkAloudTool.name;
}

/** The step fields (without `id` and `at`) a valid narration call produces. */
export type ThoughtStepFields = Pick<ReasoningStep, 'kind' | 'summary' | 'detail' | 'thoughtType' | 'confidence'> & { readonly verbosity?: string };

/**
 * Turns the validated arguments of a narration call into a thought step. `report_thinking`'s
 * `step` becomes the summary (≤ 50) and `detail` the detail (≤ 500); a `think_aloud` thought
 * becomes the summary (≤ 120), with the whole thought as detail when it did not fit.
 */
export function thoughtStepFromArgs(name: string, args: unknown): ThoughtStepFields | null {
  if (name === reportThinkingTool.name) {
    const parsed = reportThinkingSchema.safeParse(args);
    if (!parsed.success) return null;
    const detail = parsed.data.detail?.trim();
    const summary = clampLine(parsed.data.step, THOUGHT_LIMITS.stepChars);
    const fields: ThoughtStepFields = { kind: 'thought', summary };
    return detail ? { ...fields, detail: clampText(detail, THOUGHT_LIMITS.detailChars) } : fields;
  }
  if (name === thinkAloudTool.name) {
    const parsed = thinkAloudSchema.safeParse(args);
    if (!parsed.success) return null;
    const thought = parsed.data.thought.trim();
    const summary = clampLine(thought, 120);
    let fields: ThoughtStepFields = { kind: 'thought', summary };
    if (summary !== thought) fields = { ...fields, detail: clampText(thought, THOUGHT_LIMITS.detailChars) };
    if (parsed.data.thought_type !== undefined) fields = { ...fields, thoughtType: parsed.data.thought_type satisfies ThoughtType };
    if (parsed.data.confidence !== undefined) fields = { ...fields, confidence: parsed.data.confidence };
    if (parsed.data.verbosity !== undefined) fields = { ...fields, verbosity: parsed.data.verbosity };
    return fields;
  }
  return null;
}

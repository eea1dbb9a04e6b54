import * as z from 'zod/v4';
import type { AgentTool } from '../agent-tool';
import { clampLine } from '../clamp-text';
import { t } from '../../i18n';

const requestInputSchema = z.object({
  question: z.string().min(1).describe('One short question for the user.'),
  options: z.array(z.string()).max(8).optional().describe('Optional: up to 8 answers the user can pick from.'),
});

/** The arguments of a `request_input` call. */
export type RequestInputArgs = z.infer<typeof requestInputSchema>;

/**
 * `request_input`: the model asks the user a question and waits. The runner intercepts the call
 * (it needs the run's `askUser` and pauses the clock), so `execute` here is never the path a
 * run takes; it exists so the tool has one shape with the others and answers sensibly if a
 * host ever runs it directly.
 */
export const requestInputTool: AgentTool<typeof requestInputSchema> = {
  name: 'request_input',
  description: 'Ask the user one short question and wait for the answer. Use it only when the notes cannot settle something only the user knows.',
  compactDescription: 'Ask the user one short question and wait.',
  schema: requestInputSchema,
  describeStart: (args) => clampLine(t('trace.asked', { question: args.question }), 120),
  execute: () => Promise.resolve({ output: 'The user cannot be asked here. Continue with your best judgement.' }),
};

// Kept in its own file so the chat view can use it without evaluating zod at plugin load.
export { describeInputOutcome } from './describe-input-outcome';

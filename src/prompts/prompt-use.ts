import type { AgentLoopStyle, PromptUse } from '../agent';
import type { FilledVariable } from './expand-prompt';
import type { PromptNote } from './prompt-note';

/** The model and loop a question runs with. */
export interface RunChoice {
  readonly model: string;
  readonly loopStyle: AgentLoopStyle;
}

/**
 * A prompt as the question that used it carries it (DESIGN.md 12.4): its name and filled variables
 * for the trace, and the model and loop its frontmatter sets, which that question runs with. What
 * the user fixed for this run (the CLI's `--model` / `--loop`) is left out: it wins over the prompt,
 * and the trace must not name a model that did not answer.
 */
export function promptUse(prompt: PromptNote, variables: readonly FilledVariable[], fixed: { readonly model?: boolean; readonly loop?: boolean } = {}): PromptUse {
  return {
    name: prompt.name,
    variables,
    ...(prompt.model !== undefined && fixed.model !== true ? { model: prompt.model } : {}),
    ...(prompt.loop !== undefined && fixed.loop !== true ? { loop: prompt.loop } : {}),
  };
}

/**
 * What one question runs with: the prompt's model and loop when it came from a prompt that sets
 * them, else the chat's choice (the plugin's toolbar, the CLI's environment). For that question
 * only: the choice itself is not changed, so the next question runs with it again.
 */
export function runChoiceFor(prompt: PromptUse | undefined, choice: RunChoice): RunChoice {
  return { model: prompt?.model ?? choice.model, loopStyle: prompt?.loop ?? choice.loopStyle };
}

import { GENERIC_ERROR_ADVICE, type LlmErrorAdvice, type LlmErrorFix } from '../llm';
import { pluginErrorAdvice } from '../obsidian/chat/plugin-error-advice';

/**
 * A provider error names what fixes it (`fix` on the errors of `src/llm/errors/`); the CLI words
 * it with its flags and environment variables, a CLI user having no settings tab. `glassbox ask`
 * gives this to the run (so the saved note and `--events jsonl` say it too).
 */
export const CLI_ERROR_ADVICE: LlmErrorAdvice = Object.freeze({
  model: 'Check --model (or GLASSBOX_MODEL) and --base-url.',
  api_key: 'Check --api-key (or GLASSBOX_API_KEY).',
  base_url: 'Check --base-url (or GLASSBOX_BASE_URL); OpenAI-compatible servers usually end in /v1.',
  response_timeout: 'raise --timeout if the model is just slow.',
  context_window: 'set a smaller --context-window.',
});

/**
 * Text that ends in another host's advice (a run saved by the plugin, continued here) or in the
 * errors' own host-neutral advice (an error met outside a run): the CLI's instead.
 */
const HINTS = (Object.keys(CLI_ERROR_ADVICE) as LlmErrorFix[]).flatMap((fix) => [pluginErrorAdvice(), GENERIC_ERROR_ADVICE].map((advice) => [advice[fix], CLI_ERROR_ADVICE[fix]] as const));

/** `text` with a settings-tab hint replaced by the CLI's flags; other text unchanged. */
export function cliErrorHint(text: string): string {
  for (const [plugin, cli] of HINTS) {
    if (text.endsWith(plugin)) return `${text.slice(0, text.length - plugin.length)}${cli}`;
  }
  return text;
}

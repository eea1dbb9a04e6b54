import type { LlmErrorAdvice } from '../llm';

/**
 * A provider error names what fixes it (`fix` on the errors of `src/llm/errors/`); the CLI words
 * it with its flags and environment variables, a CLI user having no settings tab. `glassbox ask`
 * gives this to the run, so its error line, the trace's notice, `--events jsonl` and the note
 * `--save` writes all say it (docs/decisions/error-advice-per-host.md).
 */
export const CLI_ERROR_ADVICE: LlmErrorAdvice = Object.freeze({
  model: 'Check --model (or GLASSBOX_MODEL) and --base-url.',
  api_key: 'Check --api-key (or GLASSBOX_API_KEY).',
  base_url: 'Check --base-url (or GLASSBOX_BASE_URL); OpenAI-compatible servers usually end in /v1.',
  response_timeout: 'raise --timeout if the model is just slow.',
  context_window: 'set a smaller --context-window.',
});

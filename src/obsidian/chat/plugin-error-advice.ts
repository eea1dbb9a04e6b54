import type { LlmErrorAdvice } from '../../llm';

/**
 * The plugin's wording of what fixes a provider error (the errors carry the kind, `fix`): its
 * settings tab. Every run the plugin starts is given it (`errorAdvice`), so the chat's error line,
 * the trace and the saved note say where to fix it; `src/cli` words the same kinds with its flags.
 */
export const PLUGIN_ERROR_ADVICE: LlmErrorAdvice = Object.freeze({
  api_key: 'Check it in Glassbox settings.',
  model: 'Check the model name in Glassbox settings.',
  base_url: 'Check the base URL in Glassbox settings; OpenAI-compatible servers usually end in /v1.',
  response_timeout: 'raise the response timeout in Glassbox settings if the model is just slow.',
  context_window: 'set a smaller context window in the Glassbox settings.',
});

import type { LlmErrorAdvice } from '../../llm';
import { t } from '../../i18n';

/**
 * The plugin's wording of what fixes a provider error (the errors carry the kind, `fix`): its
 * settings tab. Every run the plugin starts is given it (`errorAdvice`), so the chat's error line,
 * the trace and the saved note say where to fix it; `src/cli` words the same kinds with its flags.
 */
export function pluginErrorAdvice(): LlmErrorAdvice {
  return {
    api_key: t('advice.apiKey'),
    model: t('advice.model'),
    base_url: t('advice.baseUrl'),
    response_timeout: t('advice.responseTimeout'),
    context_window: t('advice.contextWindow'),
  };
}

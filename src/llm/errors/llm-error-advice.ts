/**
 * What the user can change to fix a provider error (issue 26): the error names the kind, each
 * host words it (the plugin its settings tab, the CLI its flags), so a CLI user is never told to
 * open "Glassbox settings", in the terminal or in the note the CLI saves.
 */
export type LlmErrorFix = 'api_key' | 'model' | 'base_url' | 'response_timeout';

/** One sentence (or clause) of advice per fix. */
export type LlmErrorAdvice = Readonly<Record<LlmErrorFix, string>>;

/** The plugin's wording: the errors' `userMessage` ends with it. */
export const PLUGIN_ERROR_ADVICE: LlmErrorAdvice = Object.freeze({
  api_key: 'Check it in Glassbox settings.',
  model: 'Check the model name in Glassbox settings.',
  base_url: 'Check the base URL in Glassbox settings; OpenAI-compatible servers usually end in /v1.',
  response_timeout: 'raise the response timeout in Glassbox settings if the model is just slow.',
});

/** An error's problem with a host's advice, when it carries a fix; null otherwise. */
export function adviseError(error: unknown, advice: LlmErrorAdvice): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { fix, problem } = error as { fix?: unknown; problem?: unknown };
  if (typeof problem !== 'string' || typeof fix !== 'string' || !Object.hasOwn(advice, fix)) return null;
  return `${problem} ${advice[fix as LlmErrorFix]}`;
}

/**
 * What the user can change to fix a provider error (issue 26, issue 27 item 6): the error names the
 * kind as data, and each host words it (the plugin its settings tab in
 * `src/obsidian/chat/plugin-error-advice.ts`, the CLI its flags in `src/cli/cli-error-advice.ts`),
 * so this layer names no host's settings and a CLI user is never told to open "Glassbox settings".
 */
export type LlmErrorFix = 'api_key' | 'model' | 'base_url' | 'response_timeout' | 'context_window';

/** One sentence (or clause) of advice per fix. */
export type LlmErrorAdvice = Readonly<Record<LlmErrorFix, string>>;

/** Advice that names no host: the errors' `userMessage` ends with it, for a host that words none. */
export const GENERIC_ERROR_ADVICE: LlmErrorAdvice = Object.freeze({
  api_key: 'Check the API key.',
  model: 'Check the model name.',
  base_url: 'Check the base URL; OpenAI-compatible servers usually end in /v1.',
  response_timeout: 'raise the response timeout if the model is just slow.',
  context_window: 'set a smaller context window.',
});

/** An error's problem with a host's advice, when it carries a fix; null otherwise. */
export function adviseError(error: unknown, advice: LlmErrorAdvice): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { fix, problem } = error as { fix?: unknown; problem?: unknown };
  if (typeof problem !== 'string' || typeof fix !== 'string' || !Object.hasOwn(advice, fix)) return null;
  return `${problem} ${advice[fix as LlmErrorFix]}`;
}

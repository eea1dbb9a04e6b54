import { withoutCredentials } from './without-credentials';

/**
 * The setting that fixes an error, as data: each host words its own advice from it (the plugin
 * names its settings and offers to open them, the CLI its flags).
 */
export type LlmErrorFix = 'api_key' | 'model' | 'base_url' | 'response_timeout';

/**
 * The base of every error a {@link ChatModel} from `src/llm` throws. `userMessage` is one plain
 * sentence the chat and the reasoning block can show as is; `message` keeps technical detail.
 */
export abstract class LlmError extends Error {
  /** A plain sentence for the user, e.g. "The API key was rejected by api.openai.com." */
  abstract readonly userMessage: string;
  /** Whether asking again later may succeed (used by the retry loop before the first token). */
  abstract readonly retryable: boolean;
  /** The setting that fixes it, or null when no setting does (a network failure, a server error). */
  readonly fix: LlmErrorFix | null = null;
  /** What went wrong, without advice (`userMessage` adds the plugin's advice for `fix`). */
  get problem(): string {
    return this.problemText ?? this.userMessage;
  }

  /** Set by an error that has a `fix`: its sentence without the advice. */
  protected problemText: string | null = null;

  protected constructor(message: string, options?: { cause?: unknown }) {
    // The technical message may quote a URL (fetch names it in its own errors): never its credentials.
    super(withoutCredentials(message), options);
    this.name = new.target.name;
  }
}

/** The host part of a base URL, for messages; falls back to the text itself when it is not a URL. */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host || baseUrl;
  } catch {
    return baseUrl;
  }
}

/** The plugin's advice for each fix: the words `userMessage` has always ended with. */
const SETTINGS_ADVICE: Readonly<Record<LlmErrorFix, string>> = Object.freeze({
  api_key: 'Check it in Glassbox settings.',
  model: 'Check the model name in Glassbox settings.',
  base_url: 'Check the base URL in Glassbox settings; OpenAI-compatible servers usually end in /v1.',
  response_timeout: 'raise the response timeout in Glassbox settings if the model is just slow.',
});

/** `problem` followed by the plugin's advice for `fix` (a lower-case advice continues the sentence). */
export function withSettingsAdvice(problem: string, fix: LlmErrorFix): string {
  const advice = SETTINGS_ADVICE[fix];
  return advice[0] === advice[0].toLowerCase() ? `${problem.replace(/\.$/, '')}; ${advice}` : `${problem} ${advice}`;
}

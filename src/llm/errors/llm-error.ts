import { withoutCredentials } from './without-credentials';

/**
 * The base of every error a {@link ChatModel} from `src/llm` throws. `userMessage` is one plain
 * sentence the chat and the reasoning block can show as is; `message` keeps technical detail.
 */
export abstract class LlmError extends Error {
  /** A plain sentence for the user, e.g. "The API key was rejected by api.openai.com." */
  abstract readonly userMessage: string;
  /** Whether asking again later may succeed (used by the retry loop before the first token). */
  abstract readonly retryable: boolean;

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

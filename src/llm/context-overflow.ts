import { LlmContextOverflowError } from './errors/llm-context-overflow-error';

/** What {@link contextOverflowOf} reads: the error body (`error` of the SDK's APIError, or a stream chunk's), its message and status. */
export interface OverflowEvidence {
  readonly baseUrl: string;
  readonly status: number | undefined;
  readonly body: unknown;
  readonly providerMessage: string | undefined;
  readonly cause?: unknown;
}

// Every wording in shared/fixtures/model-servers/errors/ that means "the prompt is too long".
const OVERFLOW_WORDING = [
  /maximum context length/i, // OpenAI, vLLM
  /exceeds? the available context size/i, // llama.cpp
  /context size has been exceeded/i, // llama.cpp 500, LM Studio (MLX)
  /context[ _-]length[ _-]exceeded/i,
  /greater than the context length/i, // LM Studio: "tokens to keep from the initial prompt"
  /token limit reached/i, // OpenRouter's error chunk inside a 200 stream
  /prompt is too long/i,
];

/**
 * The typed overflow error when a failed request says it did not fit the window, with the
 * window and request size when the body names them (llama.cpp `n_ctx` / `n_prompt_tokens`,
 * or the numbers in "maximum context length is 4097 tokens … resulted in 4363 tokens").
 * Undefined for every other failure.
 */
export function contextOverflowOf(evidence: OverflowEvidence): LlmContextOverflowError | undefined {
  const code = fieldOf(evidence.body, 'code');
  const type = fieldOf(evidence.body, 'type');
  const message = evidence.providerMessage ?? '';
  const overflow = code === 'context_length_exceeded' || type === 'exceed_context_size_error' || OVERFLOW_WORDING.some((pattern) => pattern.test(message));
  if (!overflow) return undefined;
  const windowTokens = numberOf(fieldOf(evidence.body, 'n_ctx')) ?? numberIn(message, /(?:maximum context length is|available context size \()\s*(\d+)/i);
  const requestTokens = numberOf(fieldOf(evidence.body, 'n_prompt_tokens')) ?? numberIn(message, /(?:resulted in|you requested|request \()\s*(\d+)/i);
  return new LlmContextOverflowError({
    baseUrl: evidence.baseUrl,
    ...(windowTokens !== undefined ? { windowTokens } : {}),
    ...(requestTokens !== undefined ? { requestTokens } : {}),
    ...(evidence.providerMessage !== undefined ? { providerMessage: evidence.providerMessage } : {}),
    ...(evidence.status !== undefined ? { status: evidence.status } : {}),
    cause: evidence.cause,
  });
}

function fieldOf(body: unknown, key: string): unknown {
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

function numberIn(text: string, pattern: RegExp): number | undefined {
  const match = pattern.exec(text);
  return match === null ? undefined : numberOf(Number(match[1]));
}

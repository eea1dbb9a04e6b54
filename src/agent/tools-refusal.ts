import { LlmRequestError } from '../llm';

// Ollama: "registry.ollama.ai/library/gemma3:4b does not support tools" (400, native and /v1);
// other servers word the same refusal a little differently.
const REFUSES_TOOLS = /does not support (tools|tool use|function calling)|tools? (is|are) not supported|tool use is not supported/i;

/** The server's words when it refused the request because the model cannot use tools; else undefined. */
export function toolsRefusal(error: unknown): string | undefined {
  if (!(error instanceof LlmRequestError) || error.status !== 400) return undefined;
  const message = error.providerMessage ?? '';
  return REFUSES_TOOLS.test(message) ? message : undefined;
}

import type { LlmToolCall } from '../llm';
import type { ReasoningUsage } from '../markers';
import { countTokens } from './context-fit/count-tokens';

/**
 * A model call's usage when the server reports none (DESIGN.md 12.1, 13.4): the request's input
 * as the context fit estimated it (the same number the spending limits checked before sending),
 * and the reply's text, reasoning and calls by the same estimate; marked `estimated` so every
 * place shows it with "~" and no sum with it reads as exact.
 */
export function estimateUsage(options: { inputTokens: number; text: string; reasoning: string; toolCalls: readonly LlmToolCall[] }): ReasoningUsage {
  const completionTokens = countTokens(options.text) + countTokens(options.reasoning) + options.toolCalls.reduce((sum, call) => sum + countTokens(call.name) + countTokens(call.arguments), 0);
  return { promptTokens: options.inputTokens, completionTokens, estimated: true };
}

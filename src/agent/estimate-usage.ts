import type { LlmRequest, LlmToolCall } from '../llm';
import type { ReasoningUsage } from '../markers';

/** Characters per token of the estimate: the usual rule of thumb for English text and JSON. */
const CHARS_PER_TOKEN = 4;

/**
 * A model call's usage when the server reports none (DESIGN.md 12.1): the request's messages and
 * tools and the reply's text, reasoning and calls at four characters a token, marked `estimated`
 * so the footer shows it with "~".
 */
export function estimateUsage(options: { request: LlmRequest; text: string; reasoning: string; toolCalls: readonly LlmToolCall[] }): ReasoningUsage {
  const { request } = options;
  const promptChars = request.messages.reduce((sum, message) => sum + message.content.length + ('toolCalls' in message ? JSON.stringify(message.toolCalls ?? []).length : 0), 0) + JSON.stringify(request.tools ?? []).length;
  const completionChars = options.text.length + options.reasoning.length + options.toolCalls.reduce((sum, call) => sum + call.name.length + call.arguments.length, 0);
  return { promptTokens: Math.ceil(promptChars / CHARS_PER_TOKEN), completionTokens: Math.ceil(completionChars / CHARS_PER_TOKEN), estimated: true };
}

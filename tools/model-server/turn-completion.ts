import type { ScenarioTurn } from './scenario';

/**
 * The non-streaming answer (`stream: false`) for a turn: one `chat.completion` object with the
 * whole text, native reasoning as `reasoning_content`, tool calls and usage. Faults other than
 * the HTTP error are ignored here.
 */
export function turnToCompletion(turn: ScenarioTurn, options: { model: string; responseId: string; promptTokens?: number }): Record<string, unknown> {
  let content = '';
  let reasoning = '';
  const toolCalls: Record<string, unknown>[] = [];
  let usage: { prompt_tokens: number; completion_tokens: number } | undefined;
  for (const emit of turn.emits) {
    if (emit.type === 'text') content += emit.text;
    else if (emit.type === 'reasoning') reasoning += emit.text;
    else if (emit.type === 'tool_call') toolCalls.push({ id: emit.id, type: 'function', function: { name: emit.name, arguments: emit.arguments } });
    else if (emit.type === 'usage') usage = { prompt_tokens: emit.promptTokens, completion_tokens: emit.completionTokens };
  }
  usage ??= { prompt_tokens: options.promptTokens ?? 100, completion_tokens: Math.max(1, Math.ceil((content.length + reasoning.length) / 4)) };
  const message: Record<string, unknown> = { role: 'assistant', content: toolCalls.length > 0 && content === '' ? null : content };
  if (reasoning !== '') message.reasoning_content = reasoning;
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  return {
    id: options.responseId,
    object: 'chat.completion',
    created: 1763768492,
    model: options.model,
    choices: [{ index: 0, message, finish_reason: turn.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop') }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

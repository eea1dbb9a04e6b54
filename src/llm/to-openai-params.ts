import type { ChatCompletionCreateParamsStreaming, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { LlmMessage, LlmRequest } from './chat-types';

/**
 * Turns our wire-neutral request into the OpenAI streaming parameters. Native reasoning of
 * earlier turns is not sent back: most servers reject or ignore unknown message fields.
 */
export function toOpenAiParams(request: LlmRequest): ChatCompletionCreateParamsStreaming {
  const params: ChatCompletionCreateParamsStreaming = {
    model: request.model,
    messages: request.messages.map(toOpenAiMessage),
    stream: true,
    stream_options: { include_usage: true },
  };
  if (request.tools && request.tools.length > 0) {
    params.tools = request.tools.map(
      (tool): ChatCompletionTool => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } }),
    );
  }
  if (request.temperature !== undefined) params.temperature = request.temperature;
  return params;
}

function toOpenAiMessage(message: LlmMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      if (message.images === undefined || message.images.length === 0) return { role: 'user', content: message.content };
      // The text first, then each image: the order OpenAI's and every compatible server's examples use.
      return { role: 'user', content: [{ type: 'text', text: message.content }, ...message.images.map((image) => ({ type: 'image_url' as const, image_url: { url: image.url } }))] };
    case 'assistant': {
      const toolCalls = message.toolCalls ?? [];
      if (toolCalls.length === 0) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        // OpenAI's canonical form for a turn that only calls tools.
        content: message.content === '' ? null : message.content,
        tool_calls: toolCalls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })),
      };
    }
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    default: {
      const unknownRole: never = message;
      throw new Error(`Unknown message role: ${JSON.stringify(unknownRole)}`);
    }
  }
}

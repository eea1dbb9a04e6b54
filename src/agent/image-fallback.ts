import { isImageRefusal, type ChatModel, type LlmMessage, type LlmRequest } from '../llm';

/**
 * A model that, when the server refuses a request's images (a model without vision), sends the
 * same request again without them, once, and from then on for the rest of the run (DESIGN.md
 * 12.4). `onRefused` gets one sentence for the trace. Only a refusal before the first delta is
 * retried: after that the answer has begun and the error is the run's.
 */
export function withImageFallback(model: ChatModel, onRefused: (notice: string) => void): ChatModel {
  let withoutImages = false;
  return {
    async *stream(request: LlmRequest, signal: AbortSignal) {
      if (withoutImages || !hasImages(request.messages)) {
        yield* model.stream(withoutImages ? stripImages(request) : request, signal);
        return;
      }
      let started = false;
      try {
        for await (const delta of model.stream(request, signal)) {
          started = true;
          yield delta;
        }
      } catch (error) {
        if (started || !isImageRefusal(error)) throw error;
        withoutImages = true;
        onRefused(`${request.model} does not take images, so the question was sent without them (mark only models that accept images in the settings)`);
        yield* model.stream(stripImages(request), signal);
      }
    },
  };
}

function hasImages(messages: readonly LlmMessage[]): boolean {
  return messages.some((message) => message.role === 'user' && (message.images?.length ?? 0) > 0);
}

function stripImages(request: LlmRequest): LlmRequest {
  return { ...request, messages: request.messages.map((message) => (message.role === 'user' && message.images !== undefined ? { role: 'user', content: message.content } : message)) };
}

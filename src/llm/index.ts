export type { ChatModel, LlmDelta, LlmFinishReason, LlmImage, LlmMessage, LlmRequest, LlmToolCall, LlmToolSchema } from './chat-types';
export { isImageRefusal } from './errors/image-refusal';
export { createOpenAiChatModel, DEFAULT_IDLE_TIMEOUT_MS, type OpenAiChatModelOptions } from './openai-chat-model';
export { ThinkTagSplitter, type ThinkTagSegment, type ThinkTagSplitterOptions } from './think-tag-splitter';
export { StreamingToolCallTracker, type ToolCallDeltaInput, type TrackedToolCall } from './streaming-tool-call-tracker';
export {
  LlmError,
  type LlmErrorFix,
  LlmAbortError,
  LlmAuthError,
  LlmEndpointNotFoundError,
  LlmIncompatibleEndpointError,
  LlmModelNotFoundError,
  LlmNetworkError,
  LlmRateLimitError,
  LlmRequestError,
  LlmServerError,
  LlmStreamError,
  LlmTimeoutError,
  type LlmStreamErrorReason,
  shownBaseUrl,
  withoutCredentials,
} from './errors';
export { createSecretRedactor, redactErrorText, REDACTED, type SecretToRedact } from './secret-redactor';

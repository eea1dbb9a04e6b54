export type { ChatModel, LlmDelta, LlmFinishReason, LlmImage, LlmMessage, LlmRequest, LlmToolCall, LlmToolSchema } from './chat-types';
export { isImageRefusal } from './errors/image-refusal';
export { createOpenAiChatModel, DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_MAX_OUTPUT_TOKENS, type OpenAiChatModelOptions } from './openai-chat-model';
export { ModelClients, sameValues } from './model-clients';
export { ThinkTagSplitter, type ThinkTagSegment, type ThinkTagSplitterOptions } from './think-tag-splitter';
export { StreamingToolCallTracker, type ToolCallDeltaInput, type TrackedToolCall } from './streaming-tool-call-tracker';
export {
  LlmError,
  LlmAbortError,
  LlmAuthError,
  LlmContextOverflowError,
  LlmEndpointNotFoundError,
  LlmIncompatibleEndpointError,
  LlmModelNotFoundError,
  LlmNetworkError,
  LlmRateLimitError,
  LlmRedirectError,
  LlmRequestError,
  LlmServerError,
  LlmStreamError,
  LlmTimeoutError,
  type LlmStreamErrorReason,
  shownBaseUrl,
  withoutCredentials,
  adviseError,
  GENERIC_ERROR_ADVICE,
  type LlmErrorAdvice,
  type LlmErrorFix,
} from './errors';
export { textPrefix } from './text-prefix';
export { createSecretRedactor, redactErrorText, REDACTED, type SecretToRedact } from './secret-redactor';
export { parseTextToolCalls, textCallStart, readJsonValue, type ParsedTextToolCalls, type TextToolCall, type TextToolCallArguments } from './text-tool-calls';
export {
  type ContextWindow,
  ContextWindowCache,
  DEFAULT_LOCAL_CONTEXT_WINDOW,
  DEFAULT_REMOTE_CONTEXT_WINDOW,
  DISCOVERY_TIMEOUT_MS,
  type DiscoverContextWindowOptions,
  type DiscoveredContextWindow,
  type ModelServerKind,
  OLLAMA_DEFAULT_CONTEXT_WINDOW,
  defaultContextWindow,
  discoverContextWindow,
  endpointUrl,
  fetchAnswer,
  isLocalHost,
  isThisMachine,
  serverRootOf,
  ServerAnswers,
  describeServer,
  describeServerModel,
  findLocalServers,
  sameOllamaModel,
  LOCAL_SERVER_PORTS,
  type FoundServer,
  type LocalServerPort,
  type ServerDescription,
  type ServerModel,
  windowSourceLabel,
} from './servers';

export { LlmError } from './llm-error';
export { LlmAbortError } from './llm-abort-error';
export { LlmAuthError } from './llm-auth-error';
export { LlmModelNotFoundError } from './llm-model-not-found-error';
export { LlmNetworkError } from './llm-network-error';
export { LlmRateLimitError } from './llm-rate-limit-error';
export { LlmRequestError } from './llm-request-error';
export { LlmServerError } from './llm-server-error';
export { LlmStreamError, type LlmStreamErrorReason } from './llm-stream-error';

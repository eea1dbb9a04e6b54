import { LlmRequestError } from './llm-request-error';
import { LlmServerError } from './llm-server-error';

// What servers say when a model cannot take images: OpenAI "image_url is only supported by certain
// models", llama.cpp "image input is not supported ... mmproj", vLLM "... is not a multimodal
// model", LM Studio "Model does not support images". Asked only of a request that carried images,
// so a refusal that mentions images is about them.
const IMAGE_REFUSAL = /image|vision|multi-?modal|mmproj/i;

/** Whether a failed request that carried images was refused because of them (DESIGN.md 12.4). */
export function isImageRefusal(error: unknown): boolean {
  if (!(error instanceof LlmRequestError) && !(error instanceof LlmServerError)) return false;
  return IMAGE_REFUSAL.test(error.providerMessage ?? '');
}

import { isImageRefusal } from '../../src/llm';
import { LlmRequestError, LlmServerError } from '../../src/llm/errors';

describe('isImageRefusal', () => {
  it.each([
    [400, 'Invalid content type. image_url is only supported by certain models.'],
    [500, 'image input is not supported - hint: if this is unexpected, you may need to provide the mmproj'],
    [400, 'Qwen/Qwen3-8B is not a multimodal model'],
    [400, 'Model does not support images. Please use a model that does.'],
  ])('knows HTTP %i "%s" as a refusal of images', (status, providerMessage) => {
    const error = status >= 500 ? new LlmServerError({ status, baseUrl: 'http://127.0.0.1:8080/v1', providerMessage }) : new LlmRequestError({ status, baseUrl: 'http://127.0.0.1:8080/v1', providerMessage });
    expect(isImageRefusal(error)).toBe(true);
  });

  it('does not take another refusal, or an error without a message, for one', () => {
    expect(isImageRefusal(new LlmRequestError({ status: 400, baseUrl: 'http://x/v1', providerMessage: 'registry.ollama.ai/library/gemma:2b does not support tools' }))).toBe(false);
    expect(isImageRefusal(new LlmRequestError({ status: 400, baseUrl: 'http://x/v1' }))).toBe(false);
    expect(isImageRefusal(new Error('image'))).toBe(false);
  });
});

import { LlmEndpointNotFoundError } from '../../src/llm';
import { cliErrorHint } from '../../src/cli/cli-error-hint';

describe('cliErrorHint', () => {
  it('points the CLI user at the flag and variable instead of the settings tab', () => {
    expect(cliErrorHint('The API key was rejected by api.example.com. Check it in Glassbox settings.')).toBe(
      'The API key was rejected by api.example.com. Check --api-key (or GLASSBOX_API_KEY).',
    );
    expect(cliErrorHint('The model "m" was not found at h. Check the model name in Glassbox settings.')).toBe(
      'The model "m" was not found at h. Check --model (or GLASSBOX_MODEL) and --base-url.',
    );
    const endpoint = new LlmEndpointNotFoundError({ baseUrl: 'http://127.0.0.1:8787' }).userMessage;
    expect(cliErrorHint(endpoint)).toBe(
      'Nothing answers chat requests at 127.0.0.1:8787 under this base URL (HTTP 404). Check --base-url (or GLASSBOX_BASE_URL); OpenAI-compatible servers usually end in /v1.',
    );
  });

  it('leaves every other sentence as it is', () => {
    const text = 'Could not reach http://h/v1. Check the base URL and that the server is running.';
    expect(cliErrorHint(text)).toBe(text);
  });
});

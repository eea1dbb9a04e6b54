import { LlmTimeoutError } from '../../../src/llm';
import { createRunSetup } from '../../../src/obsidian/chat/run-setup';
import { indexBuildingNotice } from '../../../src/obsidian/search/vault-tools-provider';
import { loadGlassboxSettings } from '../../../src/settings';
import { createFakeApp } from '../../../tools/fake-obsidian';
import { startModelServer, scenario } from '../../../tools/model-server';
import { collectStream } from '../../support/collect-llm-stream';

describe('createRunSetup', () => {
  it('sends the API key read from SecretStorage at send time to the configured base URL', async () => {
    const server = await startModelServer({ scenarios: { hello: scenario().turn((t) => t.text('Hi')) } });
    try {
      const app = createFakeApp();
      app.secretStorage.setSecret('glassbox-api-key', 'sk-from-secret-storage');
      const host = { settings: loadGlassboxSettings({ baseUrl: server.url, provider: 'custom' }), saveSettings: () => Promise.resolve() };
      const prepare = createRunSetup({ app: app as never, settings: host, vaultTools: { current: () => ({ tools: [], notice: indexBuildingNotice() }) } });
      const setup = await prepare('hello');
      expect(setup.notice).toBe(indexBuildingNotice());
      const chunks: string[] = [];
      for await (const delta of setup.model.stream({ model: 'hello', messages: [{ role: 'user', content: 'hi' }] }, new AbortController().signal)) {
        if (delta.type === 'text') chunks.push(delta.text);
      }
      expect(chunks.join('')).toBe('Hi');
      expect(server.requests[0].headers.authorization).toBe('Bearer sk-from-secret-storage');
    } finally {
      await server.close();
    }
  });

  it('gives up on a stalled endpoint after the response timeout setting, keeping what streamed', async () => {
    const server = await startModelServer({ scenarios: { stalls: scenario().turn((t) => t.text('Half an answer').pause(10_000).text(' never.')) } });
    try {
      const host = { settings: loadGlassboxSettings({ baseUrl: server.url, provider: 'custom', responseTimeoutSeconds: 0.5 }), saveSettings: () => Promise.resolve() };
      const prepare = createRunSetup({ app: createFakeApp() as never, settings: host, vaultTools: { current: () => ({ tools: [] }) } });
      const result = await collectStream((await prepare('stalls')).model, { model: 'stalls' });
      expect(result.text).toBe('Half an answer');
      expect(result.error).toBeInstanceOf(LlmTimeoutError);
      expect((result.error as LlmTimeoutError).userMessage).toContain('sent nothing for 0.5 seconds');
    } finally {
      await server.close();
    }
  });

  it('refuses to start without a base URL or a model, with a sentence saying what to do', async () => {
    const app = createFakeApp();
    const host = { settings: loadGlassboxSettings({ baseUrl: '  ', provider: 'custom' }), saveSettings: () => Promise.resolve() };
    const prepare = createRunSetup({ app: app as never, settings: host, vaultTools: { current: () => ({ tools: [] }) } });
    await expect(prepare('m')).rejects.toMatchObject({ reason: 'missing_base_url', userMessage: expect.stringContaining('base URL') });
    host.settings.baseUrl = 'http://192.168.1';
    await expect(prepare('m')).rejects.toMatchObject({ reason: 'invalid_base_url', userMessage: expect.stringContaining('not a complete http:// or https:// address') });
    // The sentence repeats what was typed, but never a key sent as a query parameter.
    host.settings.baseUrl = 'api.example.com/v1?api_key=sk-s3cret';
    await expect(prepare('m')).rejects.toMatchObject({ reason: 'invalid_base_url', userMessage: 'The base URL "api.example.com/v1?api_key=***" is not a complete http:// or https:// address; correct it in the Glassbox settings.' });
    host.settings.baseUrl = 'http://127.0.0.1:9/v1';
    await expect(prepare(' ')).rejects.toMatchObject({ reason: 'missing_model' });
  });
});

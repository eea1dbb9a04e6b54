import { act } from '@testing-library/react/pure';
import GlassboxPlugin from '../../../src/main';
import { composeAssistantContent } from '../../../src/markers';
import { ChatView } from '../../../src/obsidian/chat/chat-view';
import { GlassboxSettingTab } from '../../../src/obsidian/settings/settings-tab';
import { TEXT_COMMIT_PAUSE_MS } from '../../../src/obsidian/settings/text-commit';
import { createConversation } from '../../../src/conversation';
import { clearRequestUrlLog, createFakeApp, requestUrlLog } from '../../../tools/fake-obsidian';
import { DEFAULT_SETTINGS } from '../../../src/settings';
import { startModelServer } from '../../../tools/model-server';
import manifestJson from '../../../manifest.json';
import type { SettingDefinition, SettingDefinitionItem } from 'obsidian';
import { callsSettled } from '../../support/calls-settled';
import { until } from '../../support/chat-view-harness';
import { startImitatedServer } from '../../support/imitated-model-servers';
import { payload, thoughtStep } from '../../support/ui-payloads';

(window as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

async function setup() {
  const app = createFakeApp();
  const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
  const tab = app.setting.pluginTabs[0] as unknown as GlassboxSettingTab;
  // The fake imitates Obsidian before 1.13, which opens a tab through display().
  app.setting.openTab(app.setting.pluginTabs[0]);
  return { app, plugin, tab, root: tab.containerEl };
}

function row(root: HTMLElement, name: string): HTMLElement {
  const found = [...root.querySelectorAll<HTMLElement>('.setting-item')].find((item) => item.querySelector('.setting-item-name')?.textContent === name);
  if (!found) throw new Error(`No setting named "${name}"`);
  return found;
}

describe('GlassboxSettingTab', () => {
  it('"Check connection" shows the checks of glassbox doctor, word for word, and the model field suggests the server\'s models', async () => {
    const server = await startImitatedServer('Ollama', { window: 8192, model: 'qwen3:8b', otherModels: ['gemma3:4b'] });
    try {
      const { app, plugin } = await setup();
      Object.assign(plugin.settings, { provider: 'ollama', baseUrl: server.url, model: 'qwen3:8' });
      app.setting.openTab(app.setting.pluginTabs[0]);
      const root = (app.setting.pluginTabs[0] as unknown as GlassboxSettingTab).containerEl;
      const model = row(root, 'Model');
      await until(() => model.querySelectorAll('datalist option').length === 2);
      expect([...model.querySelectorAll('datalist option')].map((option) => option.getAttribute('label'))).toEqual(['gemma3:4b · tools', 'qwen3:8b · tools']);
      const check = row(root, 'Check connection');
      await act(async () => check.querySelector('button')!.click());
      await until(() => (check.querySelector('[data-testid="connection-checks"]')?.textContent ?? '').includes('A chat would'));
      const lines = [...check.querySelectorAll('[data-testid="connection-checks"] > div')].map((line) => [line.className, line.textContent]);
      expect(lines.slice(0, 5)).toEqual([
        ['glassbox-check-pass', `✓ Ollama answers at ${server.url}.`],
        ['glassbox-check-pass', '✓ No API key needed.'],
        ['glassbox-check-fail', '✗ The server has no model "qwen3:8"; closest: qwen3:8b.'],
        ['glassbox-check-fix', "  Fix: Set the model in Glassbox settings to qwen3:8b, the closest of the server's models, or download it with: ollama pull qwen3:8."],
        ['glassbox-check-pass', expect.stringMatching(/^✓ Context window: 4,096 tokens \(Ollama default\)/)],
      ]);
      expect(lines.at(-1)).toEqual(['glassbox-check-verdict', 'A chat would not work yet: see the fixes above.']);
    } finally {
      await server.close();
    }
  });

  it('lists every setting under sentence-case headings', async () => {
    const { root } = await setup();
    const headings = [...root.querySelectorAll('.setting-item-heading .setting-item-name')].map((el) => el.textContent);
    expect(headings).toEqual(['Model endpoint', 'Agent', 'Search by meaning', 'Reasoning block', 'Conversations', 'Spending limits', 'Traces', 'Tools from MCP servers']);
    const names = [...root.querySelectorAll('.setting-item:not(.setting-item-heading) .setting-item-name')].map((el) => el.textContent);
    expect(names).toEqual([
      'Provider', 'Base URL', 'API key', 'Model', 'Check connection', 'Context window (tokens)', 'Price per million tokens', 'Models without tools', 'Response timeout (seconds)', 'Answer length limit (tokens)',
      'Max steps', 'Loop style', 'Question timeout (minutes)', 'Context budget (tokens)', 'Attach the open note', 'Models that take images', 'Image size (pixels)', 'Prompts folder', 'System notifications', 'Search by meaning', 'Embedding model', 'Embeddings base URL',
      'Display mode', 'Show reasoning text', 'Show tool output', 'Expand while working',
      'Folder',
      'Token limit per answer', 'Cost limit per answer', 'Daily budget', 'Ask before a request costing more than', 'Ask before a request larger than', 'Spent in the last seven days', 'Trace endpoint', 'Send what was said',
      'Servers', 'Server status', 'Remembered approvals', 'Server log',
    ]);
    // Sentence case: one capital at the start; acronyms keep theirs.
    for (const name of [...headings, ...names]) expect(name.replace(/\b(?:API|URL|MCP)\b/g, 'xx')).toMatch(/^(?:[A-Z]|xx)[^A-Z]*$/);
    const providers = [...row(root, 'Provider').querySelectorAll('option')].map((option) => option.textContent);
    expect(providers).toEqual(['OpenAI', 'Ollama', 'LM Studio', 'OpenRouter', 'Custom']);
  });

  it('declares every setting for Obsidian 1.13 and its settings search, each control bound to a settings field of its type', async () => {
    const { tab, root } = await setup();
    const definitions = flatten(tab.getSettingDefinitions());
    const drawnNames = [...root.querySelectorAll('.setting-item:not(.setting-item-heading) .setting-item-name')].map((el) => el.textContent);
    // display() (Obsidian before 1.13) draws exactly the declared settings.
    expect(definitions.map((definition) => definition.name)).toEqual(drawnNames);
    const expectedType = { toggle: 'boolean', slider: 'number', number: 'number', dropdown: 'string', text: 'string' } as Record<string, string>;
    for (const { control } of definitions) {
      if (!control) continue;
      expect(control.key in DEFAULT_SETTINGS).toBe(true);
      expect(typeof DEFAULT_SETTINGS[control.key as keyof typeof DEFAULT_SETTINGS]).toBe(expectedType[control.type]);
      expect(tab.getControlValue(control.key)).toEqual(DEFAULT_SETTINGS[control.key as keyof typeof DEFAULT_SETTINGS]);
    }
  });

  it('a change through setControlValue (how Obsidian 1.13 writes) is saved; a preset brings its base URL', async () => {
    const { tab, plugin, app } = await setup();
    await tab.setControlValue('provider', 'lmstudio');
    await tab.setControlValue('model', '  qwen3-8b  ');
    expect(plugin.settings.baseUrl).toBe('http://localhost:1234/v1');
    const saved = JSON.parse(await app.vault.adapter.read(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`));
    expect(saved).toMatchObject({ provider: 'lmstudio', baseUrl: 'http://localhost:1234/v1', model: 'qwen3-8b' });
    await tab.setControlValue('notASetting', 'x');
    expect(plugin.settings).not.toHaveProperty('notASetting');
  });

  it("keeps the current model's prices per million tokens once both are entered, and forgets them when both are emptied", async () => {
    const { plugin, root } = await setup();
    plugin.settings.model = 'qwen3-8b';
    const [input, output] = [...row(root, 'Price per million tokens').querySelectorAll('input')];
    const enter = async (field: HTMLInputElement | undefined, value: string): Promise<void> => {
      field!.value = value;
      await act(async () => {
        field!.dispatchEvent(new Event('input'));
        field!.dispatchEvent(new FocusEvent('blur'));
        await Promise.resolve();
      });
    };
    expect(input?.getAttribute('aria-label')).toBe('Input price per million tokens');
    await enter(input, '0.15');
    // Half a price is no price: nothing is kept until the output price is there too.
    expect(plugin.settings.modelPrices).toEqual({});
    await enter(output, '0.6');
    expect(plugin.settings.modelPrices).toEqual({ 'qwen3-8b': { inputPerMillion: 0.15, outputPerMillion: 0.6 } });
    await enter(output, 'a lot');
    expect(plugin.settings.modelPrices).toEqual({ 'qwen3-8b': { inputPerMillion: 0.15, outputPerMillion: 0.6 } });
    await enter(input, '');
    await enter(output, '');
    expect(plugin.settings.modelPrices).toEqual({});
  });

  it('lists the models remembered without tools, and Forget offers one tools again (saved)', async () => {
    const app = createFakeApp();
    const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
    plugin.settings.modelsWithoutTools = { 'gemma3:4b': 'registry.ollama.ai/library/gemma3:4b does not support tools' };
    const save = jest.spyOn(plugin, 'saveSettings');
    app.setting.openTab(app.setting.pluginTabs[0]);
    const root = (app.setting.pluginTabs[0] as unknown as GlassboxSettingTab).containerEl;
    const models = row(root, 'Models without tools');
    expect(models.querySelector('.glassbox-models-without-tools span')?.textContent).toBe('gemma3:4b');
    models.querySelector('button')?.click();
    await callsSettled(save);
    expect(models.querySelector('.glassbox-models-without-tools')?.textContent).toBe('None.');
    const saved = JSON.parse(await app.vault.adapter.read(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`));
    expect(saved.modelsWithoutTools).toEqual({});
  });

  it('each provider remembers its own base URL and model: Custom → OpenAI → Custom comes back to the custom server (issue 26)', async () => {
    const { tab, plugin, root } = await setup();
    await tab.setControlValue('provider', 'custom');
    await tab.setControlValue('baseUrl', 'http://127.0.0.1:8080/v1');
    await tab.setControlValue('model', 'extractive');
    await tab.setControlValue('provider', 'openai');
    expect(plugin.settings).toMatchObject({ provider: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini' });
    expect(row(root, 'Base URL').querySelector('input')!.value).toBe('https://api.openai.com/v1');
    await tab.setControlValue('model', 'gpt-4.1');
    await tab.setControlValue('provider', 'custom');
    expect(plugin.settings).toMatchObject({ provider: 'custom', baseUrl: 'http://127.0.0.1:8080/v1', model: 'extractive' });
    expect(row(root, 'Model').querySelector('input')!.value).toBe('extractive');
    await tab.setControlValue('provider', 'openai');
    expect(plugin.settings).toMatchObject({ baseUrl: 'https://api.openai.com/v1', model: 'gpt-4.1' });
  });

  it('"Max steps", as the chat calls it, shows its value and takes a new one (issue 26)', async () => {
    const { root, plugin } = await setup();
    const input = row(root, 'Max steps').querySelector('input')!;
    expect(input.type).toBe('number');
    expect(input.value).toBe('10');
    input.value = '25';
    input.dispatchEvent(new Event('input'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(plugin.settings.maxIterations).toBe(25);
    input.value = '500';
    input.dispatchEvent(new Event('input'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(plugin.settings.maxIterations).toBe(25);
  });

  it('the API key field is empty while no secret stands behind the name, and shows a chosen one (issue 26)', async () => {
    const { root, app } = await setup();
    expect(row(root, 'API key').querySelector('input')!.value).toBe('');
    app.secretStorage.setSecret('glassbox-api-key', 'sk-test-123');
    app.setting.openTab(app.setting.pluginTabs[0]);
    expect(row(root, 'API key').querySelector('input')!.value).toBe('glassbox-api-key');
  });

  it('refuses a question timeout that is not above zero and says why, keeping the saved one', async () => {
    const { root, plugin } = await setup();
    const input = row(root, 'Question timeout (minutes)').querySelector('input')!;
    input.value = '0';
    input.dispatchEvent(new Event('input'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(plugin.settings.requestInputTimeoutMinutes).toBe(10);
    expect(row(root, 'Question timeout (minutes)').querySelector('.setting-item-description')!.textContent).toBe('Enter a number greater than zero.');
    input.value = '2.5';
    input.dispatchEvent(new Event('input'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(plugin.settings.requestInputTimeoutMinutes).toBe(2.5);
  });

  it('saves a response timeout above zero and refuses one that is not', async () => {
    const { root, plugin } = await setup();
    const input = row(root, 'Response timeout (seconds)').querySelector('input')!;
    expect(input.value).toBe('120');
    input.value = '-5';
    input.dispatchEvent(new Event('input'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(plugin.settings.responseTimeoutSeconds).toBe(120);
    input.value = '300';
    input.dispatchEvent(new Event('input'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(plugin.settings.responseTimeoutSeconds).toBe(300);
  });

  it('a provider preset fills in its base URL and is saved', async () => {
    const { root, plugin, app } = await setup();
    const select = row(root, 'Provider').querySelector('select')!;
    select.value = 'ollama';
    select.dispatchEvent(new Event('change'));
    await Promise.resolve();
    expect(plugin.settings.baseUrl).toBe('http://localhost:11434/v1');
    expect(row(root, 'Base URL').querySelector('input')!.value).toBe('http://localhost:11434/v1');
    const saved = JSON.parse(await app.vault.adapter.read(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`));
    expect(saved.provider).toBe('ollama');
    expect(JSON.stringify(saved)).not.toContain('sk-');
  });

  it('the API key field names a secret in SecretStorage; data.json keeps the name only', async () => {
    const { root, plugin, app } = await setup();
    app.secretStorage.setSecret('my-openai-key', 'sk-test-123');
    const input = row(root, 'API key').querySelector('input')!;
    input.value = 'my-openai-key';
    input.dispatchEvent(new Event('input'));
    input.dispatchEvent(new Event('change'));
    await Promise.resolve();
    expect(plugin.settings.apiKeySecretName).toBe('my-openai-key');
    const saved = await app.vault.adapter.read(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`);
    expect(saved).not.toContain('sk-test-123');
  });

  it('changing the display mode re-renders an open chat in that mode', async () => {
    const { root, plugin } = await setup();
    await act(async () => {
      await plugin.activateChatView();
    });
    const view = plugin.app.workspace.getLeavesOfType('glassbox-chat')[0].view as unknown as ChatView;
    const conversation = {
      ...createConversation({ model: 'm' }),
      messages: [
        { id: 'u1', role: 'user' as const, at: 1, content: 'q' },
        { id: 'a1', role: 'assistant' as const, at: 2, content: composeAssistantContent(payload({ status: 'complete', elapsedMs: 2000, steps: [thoughtStep('s1', 'Plan')] }), 'Answer') },
      ],
    };
    await act(async () => view.controller.openConversation(conversation, 'Glassbox/Conversations/q.md'));
    const block = () => view.contentEl.querySelector('[data-testid="reasoning-block"]')!;
    expect(block().getAttribute('data-mode')).toBe('normal');
    const select = row(root, 'Display mode').querySelector('select')!;
    await act(async () => {
      select.value = 'verbose';
      select.dispatchEvent(new Event('change'));
      await Promise.resolve();
    });
    expect(plugin.settings.displayMode).toBe('verbose');
    expect(block().getAttribute('data-mode')).toBe('verbose');
  });

  describe('the base URL field', () => {
    /** A settings tab over an open chat view, the key set, no request logged yet. */
    async function typingSetup(baseUrl: string) {
      const opened = await setup();
      opened.app.secretStorage.setSecret('glassbox-api-key', 'sk-typed');
      opened.plugin.settings.provider = 'custom';
      opened.plugin.settings.baseUrl = baseUrl;
      await act(async () => {
        await opened.plugin.activateChatView();
      });
      opened.app.setting.openTab(opened.app.setting.pluginTabs[0]);
      clearRequestUrlLog();
      const saves = jest.spyOn(opened.plugin, 'saveData');
      const settingsSaves = jest.spyOn(opened.plugin, 'saveSettings');
      const input = row(opened.root, 'Base URL').querySelector('input')!;
      const type = async (text: string): Promise<void> => {
        input.value = '';
        for (const character of text) {
          input.value += character;
          input.dispatchEvent(new Event('input'));
        }
        await Promise.resolve();
      };
      /** Waits for every settings save begun so far: each one refreshes the chat view, which asks for the models. */
      const settingsSaved = () => act(() => callsSettled(settingsSaves));
      return { ...opened, saves, settingsSaves, input, type, settingsSaved };
    }

    it('sends nothing and saves nothing while the address is typed; leaving the field saves once and lists the models once', async () => {
      const server = await startModelServer();
      try {
        const { plugin, saves, input, type, settingsSaved } = await typingSetup('');
        await type(server.url);
        expect(requestUrlLog).toEqual([]);
        expect(saves).not.toHaveBeenCalled();
        await act(async () => {
          input.dispatchEvent(new FocusEvent('blur'));
          await Promise.resolve();
        });
        await settingsSaved();
        expect(plugin.settings.baseUrl).toBe(server.url);
        expect(saves).toHaveBeenCalledTimes(1);
        // The model list asks each server kind's own listing endpoint once, with the key.
        const root = server.url.replace(/\/v1$/, '');
        expect(requestUrlLog.map((call) => [call.url, call.headers.authorization])).toEqual([`${root}/api/tags`, `${root}/api/v0/models`, `${root}/props`, `${server.url}/models`].map((url) => [url, 'Bearer sk-typed']));
      } finally {
        await server.close();
      }
    });

    it('after a pause in typing saves, but never sends the key to an incomplete or non-http(s) address', async () => {
      const { plugin, saves, type, settingsSaved, settingsSaves } = await typingSetup('');
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
      try {
        for (const partial of ['http://192.168.1', 'http://', 'ftp://files.example.com/v1', 'http://models.example.']) {
          await type(partial);
          // The pause commits the text: the save refreshes the open chat view (a React render).
          await act(async () => {
            jest.advanceTimersByTime(TEXT_COMMIT_PAUSE_MS);
            await callsSettled(settingsSaves);
          });
          expect(plugin.settings.baseUrl).toBe(partial);
        }
      } finally {
        jest.useRealTimers();
      }
      await settingsSaved();
      expect(saves).toHaveBeenCalledTimes(4);
      expect(requestUrlLog).toEqual([]);
    });
  });
});

function flatten(items: readonly SettingDefinitionItem[]): SettingDefinition[] {
  return items.flatMap((item) => ('type' in item ? flatten(item.items ?? []) : [item]));
}

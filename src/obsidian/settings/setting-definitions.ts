import { type App, SecretComponent, type SettingDefinitionGroup } from 'obsidian';
import { AGENT_LOOP_STYLES, LOOP_STYLE_LABELS } from '../../agent';
import type { ConnectionLine } from '../../doctor';
import { describeServerModel, type ContextWindow, type ServerModel } from '../../llm';
import type { ModelPrice } from '../../markers';
import { DISPLAY_MODES, PROVIDER_PRESETS, type GlassboxSettings } from '../../settings';
import { DISPLAY_MODE_LABELS } from '../../ui/reasoning/display-options';
import { onTextCommitted } from './text-commit';

/** A key of {@link GlassboxSettings}: what a setting's control reads and writes. */
export type GlassboxSettingKey = keyof GlassboxSettings;

/** What the definitions need beyond the settings themselves (the API key row draws Obsidian's secret picker). */
export interface SettingDefinitionsContext {
  readonly app: App;
  /** The secret id the API key row shows. */
  apiKeySecretName(): string;
  /** Stores a new secret id. */
  setApiKeySecretName(name: string): void;
  /** The base URL the row shows. */
  baseUrl(): string;
  /** Stores a finished base URL (the field was left, or typing paused). */
  setBaseUrl(url: string): void;
  /** Models the server refused tools for, with its words. */
  modelsWithoutTools(): Readonly<Record<string, string>>;
  /** Forgets one: its next question offers tools again. */
  forgetModelWithoutTools(model: string): void;
  /** The model's "Context window" setting (undefined: ask the server). */
  contextWindowSetting(): number | undefined;
  /** Stores it (undefined: ask the server again). */
  setContextWindowSetting(tokens: number | undefined): void;
  /** The window runs use now and where it came from (the setting, the server, or a default). */
  contextWindow(): Promise<ContextWindow>;
  /** The model's prices (undefined: none entered, no cost shown). */
  modelPrice(): ModelPrice | undefined;
  /** Stores them (undefined: forget them). */
  setModelPrice(price: ModelPrice | undefined): void;
  /** The model field's value and its store (drawn here to carry the server's models as suggestions). */
  model(): string;
  setModel(model: string): void;
  /** The models the endpoint offers, suggested under the model field. */
  listModels?(): Promise<readonly ServerModel[]>;
  /** "Check connection": the checks of `glassbox doctor`, one line each. */
  checkConnection?(): Promise<readonly ConnectionLine[]>;
}

/** A datalist of the endpoint's models under a model field, filled when the server answers. */
function suggestModels(input: HTMLInputElement, context: SettingDefinitionsContext): void {
  const list = input.parentElement?.createEl('datalist') ?? null;
  if (list === null || context.listModels === undefined) return;
  list.id = `glassbox-models-${Math.random().toString(36).slice(2)}`;
  input.setAttribute('list', list.id);
  void context.listModels().then((models) => {
    for (const model of models) {
      const detail = describeServerModel(model);
      list.createEl('option', { attr: { value: model.id, ...(detail !== '' ? { label: `${model.id} · ${detail}` } : {}) } });
    }
  });
}

/**
 * Every setting of the plugin, once: Obsidian 1.13 renders and indexes these for its settings
 * search (`getSettingDefinitions`), and the tab's `display()` draws the same list on older
 * versions. Adding a setting is one entry here (plus its field and default in `settings.ts`).
 * A control's `key` is the settings field it edits.
 */
export function glassboxSettingDefinitions(context: SettingDefinitionsContext): SettingDefinitionGroup<GlassboxSettingKey>[] {
  return [
    {
      type: 'group',
      heading: 'Model endpoint',
      items: [
        {
          name: 'Provider',
          desc: 'Choosing a provider fills in its address; any OpenAI-compatible endpoint works with "custom".',
          aliases: ['ollama', 'lm studio', 'openai', 'openrouter'],
          control: { type: 'dropdown', key: 'provider', options: Object.fromEntries(Object.entries(PROVIDER_PRESETS).map(([id, preset]) => [id, preset.label])) },
        },
        {
          name: 'Base URL',
          desc: 'The only address requests are sent to.',
          aliases: ['endpoint', 'server'],
          // Drawn here, not as a text control: a half-typed address must not be saved, shown in
          // the chats or sent the key, so it is taken only when the field is left or typing pauses.
          render: (setting) => {
            setting.addText((text) => onTextCommitted(text.setPlaceholder('http://localhost:11434/v1').setValue(context.baseUrl()), (value) => context.setBaseUrl(value.trim())));
          },
        },
        {
          name: 'API key',
          desc: "Kept in Obsidian's secret storage, never in the plugin's data file. Leave empty for local servers.",
          aliases: ['token', 'secret'],
          render: (setting) => {
            // A secret name with no secret behind it (the default's, on a fresh install) reads as
            // a key that is set: the field stays empty until a secret is chosen or made.
            const name = context.apiKeySecretName();
            const shown = name !== '' && context.app.secretStorage.getSecret(name) !== null ? name : '';
            setting.addComponent((el) => new SecretComponent(context.app, el).setValue(shown).onChange((value) => context.setApiKeySecretName(value)));
          },
        },
        {
          name: 'Model',
          // The server's models as suggestions, each with what it says (window, tools, images).
          render: (setting) => {
            setting.addText((text) => {
              text.setValue(context.model()).onChange((value) => context.setModel(value.trim()));
              suggestModels(text.inputEl, context);
            });
          },
        },
        {
          name: 'Check connection',
          desc: 'Asks the server what works: reachable, key, model, context window, tools, reasoning, embeddings. Sends one short request to the model.',
          aliases: ['doctor', 'test connection', 'diagnose'],
          render: (setting) => {
            const lines = setting.settingEl.createDiv({ cls: 'glassbox-connection-checks', attr: { 'data-testid': 'connection-checks' } });
            setting.addButton((button) =>
              button.setButtonText('Check connection').onClick(() => {
                if (context.checkConnection === undefined) return;
                lines.empty();
                lines.setText('Checking…');
                button.setDisabled(true);
                void context.checkConnection().then((shown) => {
                  button.setDisabled(false);
                  lines.empty();
                  for (const line of shown) lines.createDiv({ cls: `glassbox-check-${line.status}`, text: line.text });
                });
              }),
            );
          },
        },
        {
          name: 'Context window (tokens)',
          desc: 'How many tokens the model reads at once, for this model. Empty: ask the server.',
          aliases: ['num_ctx', 'n_ctx', 'context length', 'window'],
          // Drawn here: the value belongs to the current model, and the row shows what the server said.
          render: (setting) => {
            const shown = setting.descEl.createDiv({ cls: 'glassbox-context-window' });
            const showWindow = () => {
              shown.setText('Asking the server…');
              void context.contextWindow().then((window) => shown.setText(`In use: ${window.tokens.toLocaleString('en-US')} tokens (${window.source}).`));
            };
            setting.addText((text) =>
              onTextCommitted(text.setPlaceholder('Ask the server').setValue(String(context.contextWindowSetting() ?? '')), (value) => {
                const tokens = Number(value.trim());
                if (value.trim() === '') context.setContextWindowSetting(undefined);
                else if (Number.isInteger(tokens) && tokens >= 256) context.setContextWindowSetting(tokens);
                else return;
                showWindow();
              }),
            );
            showWindow();
          },
        },
        {
          name: 'Price per million tokens',
          desc: "What this model costs, input and output, as your provider lists it (US dollars): each answer's trace then shows its cost. Empty: no cost shown.",
          aliases: ['cost', 'pricing', 'dollars'],
          // Drawn here: the prices belong to the current model, and a price is both amounts.
          render: (setting) => {
            const saved = context.modelPrice();
            const fields: { value(): string }[] = [];
            const commit = (): void => {
              const [input, output] = fields.map((field) => field.value().trim());
              if (input === '' && output === '') return context.setModelPrice(undefined);
              const inputPerMillion = Number(input);
              const outputPerMillion = Number(output);
              // Half-entered or not a price: wait for the other field rather than guess a zero.
              if (input === '' || output === '' || !(inputPerMillion >= 0) || !(outputPerMillion >= 0)) return;
              context.setModelPrice({ inputPerMillion, outputPerMillion });
            };
            for (const [placeholder, amount] of [['Input', saved?.inputPerMillion], ['Output', saved?.outputPerMillion]] as const) {
              setting.addText((text) => {
                text.inputEl.setAttribute('aria-label', `${placeholder} price per million tokens`);
                fields.push({ value: () => text.getValue() });
                onTextCommitted(text.setPlaceholder(placeholder).setValue(amount === undefined ? '' : String(amount)), commit);
              });
            }
          },
        },
        {
          name: 'Models without tools',
          desc: 'Models the server said cannot use tools. Their questions are answered from a search of your notes, without tools. Forget one to offer it tools again.',
          aliases: ['does not support tools', 'tool calling'],
          render: (setting) => {
            const list = setting.settingEl.createDiv({ cls: 'glassbox-models-without-tools' });
            const draw = (): void => {
              list.empty();
              const models = Object.entries(context.modelsWithoutTools());
              if (models.length === 0) list.createEl('p', { text: 'None.' });
              for (const [model, reason] of models) {
                const item = list.createDiv({ cls: 'glassbox-mcp-row' });
                item.createSpan({ text: model, attr: { title: reason } });
                item.createEl('button', { text: 'Forget' }).addEventListener('click', () => {
                  context.forgetModelWithoutTools(model);
                  draw();
                });
              }
            };
            draw();
          },
        },
        {
          name: 'Response timeout (seconds)',
          desc: 'Longest wait for the next part of an answer; then the run stops with an error and keeps what arrived.',
          aliases: ['stalled', 'hang'],
          control: { type: 'number', key: 'responseTimeoutSeconds', min: 1, step: 'any', validate: positiveNumber },
        },
        {
          name: 'Answer length limit (tokens)',
          desc: 'Most tokens one model call may write (max_tokens); a longer answer is cut with a notice.',
          aliases: ['max tokens', 'max_tokens', 'endless'],
          control: { type: 'number', key: 'maxTokens', min: 1, step: 1, validate: wholeNumber },
        },
      ],
    },
    {
      type: 'group',
      heading: 'Agent',
      items: [
        {
          // The chat's run options call it the same; a number box shows its value, which a slider did not.
          name: 'Max steps',
          desc: 'Most model calls in one answer, from 1 to 50.',
          aliases: ['maximum iterations', 'max iterations'],
          control: { type: 'number', key: 'maxIterations', min: 1, max: 50, step: 1, validate: stepCount },
        },
        {
          name: 'Loop style',
          control: { type: 'dropdown', key: 'loopStyle', options: Object.fromEntries(AGENT_LOOP_STYLES.map((style) => [style, LOOP_STYLE_LABELS[style]])) },
        },
        {
          name: 'Question timeout (minutes)',
          desc: 'How long a question from the agent waits for your answer.',
          control: { type: 'number', key: 'requestInputTimeoutMinutes', min: 0.1, step: 'any', validate: positiveNumber },
        },
        {
          name: 'Context budget (tokens)',
          desc: "Most text from attached notes and the selection sent with a question, in estimated tokens, and never more than a quarter of the model's context window; the rest is cut with a notice in the trace.",
          aliases: ['attached notes', 'selection'],
          control: { type: 'number', key: 'contextBudgetTokens', min: 100, step: 100, validate: wholeNumber },
        },
        {
          name: 'Attach the open note',
          desc: 'A new question starts with the note you are in attached, as a chip above the message box that you can remove.',
          aliases: ['context', 'chips', 'active note'],
          control: { type: 'toggle', key: 'attachOpenNote' },
        },
        {
          name: 'Models that take images',
          desc: 'Images pasted into the message box, linked in the question or embedded in attached notes are sent only to these models (one name per line or comma-separated). Others get the question without them.',
          aliases: ['vision', 'images', 'multimodal'],
          control: { type: 'text', key: 'imageModels' },
        },
        {
          name: 'Image size (pixels)',
          desc: 'Images are made smaller to this longest side before they are sent.',
          aliases: ['vision', 'downscale'],
          control: { type: 'number', key: 'imageMaxSide', min: 64, step: 1, validate: wholeNumber },
        },
        {
          name: 'Prompts folder',
          desc: 'Each note in this folder is a prompt: type / at the start of a message to use one. Notes in copilot-custom-prompts are read too.',
          aliases: ['custom prompts', 'templates', 'slash'],
          control: { type: 'text', key: 'promptsFolder' },
        },
        {
          name: 'System notifications',
          desc: 'On desktop, when a chat answers or waits for you while Obsidian is in the background, a notification from your system says so.',
          aliases: ['notify', 'background', 'tabs'],
          control: { type: 'toggle', key: 'systemNotifications' },
        },
      ],
    },
    {
      type: 'group',
      heading: 'Search by meaning',
      items: [
        {
          name: 'Search by meaning',
          desc: 'Also find notes that say the same thing in other words. Uses the embeddings of your notes, made by the endpoint above with the command "Embed notes for search by meaning": that sends every note\'s passages to it once, then each changed note.',
          aliases: ['semantic search', 'embeddings', 'hybrid'],
          control: { type: 'toggle', key: 'semanticSearch' },
        },
        {
          name: 'Embedding model',
          desc: 'The model the endpoint embeds with, e.g. text-embedding-3-small (OpenAI) or nomic-embed-text (Ollama). Changing it means embedding the notes again.',
          aliases: ['embeddings model'],
          control: { type: 'text', key: 'embeddingModel' },
        },
        {
          name: 'Embeddings base URL',
          desc: 'Where notes are embedded, when not at the chat\'s base URL, e.g. http://localhost:11434/v1 for Ollama\'s embedding models while chatting elsewhere. Empty: the chat\'s.',
          aliases: ['embeddings endpoint', 'embedding server'],
          control: { type: 'text', key: 'embeddingsBaseUrl', placeholder: 'The chat\'s base URL' },
        },
      ],
    },
    {
      type: 'group',
      heading: 'Reasoning block',
      items: [
        {
          name: 'Display mode',
          control: { type: 'dropdown', key: 'displayMode', options: Object.fromEntries(DISPLAY_MODES.map((mode) => [mode, DISPLAY_MODE_LABELS[mode]])) },
        },
        { name: 'Show reasoning text', control: { type: 'toggle', key: 'showReasoningText' } },
        { name: 'Show tool output', control: { type: 'toggle', key: 'showToolOutput' } },
        { name: 'Expand while working', control: { type: 'toggle', key: 'expandWhileWorking' } },
      ],
    },
    {
      type: 'group',
      heading: 'Conversations',
      items: [{ name: 'Folder', desc: 'Where conversation notes are saved.', control: { type: 'text', key: 'conversationsFolder' } }],
    },
  ];
}

function positiveNumber(value: number): string | undefined {
  return Number.isFinite(value) && value > 0 ? undefined : 'Enter a number greater than zero.';
}

function stepCount(value: number): string | undefined {
  return Number.isInteger(value) && value >= 1 && value <= 50 ? undefined : 'Enter a whole number from 1 to 50.';
}

function wholeNumber(value: number): string | undefined {
  return Number.isInteger(value) && value > 0 ? undefined : 'Enter a whole number greater than zero.';
}

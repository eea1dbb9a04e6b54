import { SecretComponent, type SettingDefinitionGroup } from 'obsidian';
import { AGENT_LOOP_STYLES } from '../../agent';
import { windowSourceLabel } from '../../llm';
import { DISPLAY_MODES, PROVIDER_PRESETS, type GlassboxSettings } from '../../settings';
import { displayModeLabel } from '../../ui/reasoning/display-options';
import { loopStyleLabel } from '../../ui/chat/loop-style-label';
import { onTextCommitted } from './text-commit';
import { type SettingDefinitionsContext, suggestModels } from './setting-definitions-context';

export type { SettingDefinitionsContext } from './setting-definitions-context';
import { t } from '../../i18n';

/** A key of {@link GlassboxSettings}: what a setting's control reads and writes. */
export type GlassboxSettingKey = keyof GlassboxSettings;

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
      heading: t('settings.endpoint'),
      items: [
        {
          name: t('settings.provider'),
          desc: t('settings.providerDesc'),
          aliases: ['ollama', 'lm studio', 'openai', 'openrouter'],
          control: { type: 'dropdown', key: 'provider', options: Object.fromEntries(Object.entries(PROVIDER_PRESETS).map(([id, preset]) => [id, id === 'custom' ? t('settings.providerCustom') : preset.label])) },
        },
        {
          name: t('settings.baseUrl'),
          desc: t('settings.baseUrlDesc'),
          aliases: ['endpoint', 'server'],
          // Drawn here, not as a text control: a half-typed address must not be saved, shown in
          // the chats or sent the key, so it is taken only when the field is left or typing pauses.
          render: (setting) => {
            setting.addText((text) => onTextCommitted(text.setPlaceholder('http://localhost:11434/v1').setValue(context.baseUrl()), (value) => context.setBaseUrl(value.trim())));
          },
        },
        {
          name: t('settings.apiKey'),
          desc: t('settings.apiKeyDesc'),
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
          name: t('settings.model'),
          // The server's models as suggestions, each with what it says (window, tools, images).
          render: (setting) => {
            setting.addText((text) => {
              text.setValue(context.model()).onChange((value) => context.setModel(value.trim()));
              suggestModels(text.inputEl, context);
            });
          },
        },
        {
          name: t('settings.checkConnection'),
          desc: t('settings.checkConnectionDesc'),
          aliases: ['doctor', 'test connection', 'diagnose'],
          render: (setting) => {
            const lines = setting.settingEl.createDiv({ cls: 'glassbox-connection-checks', attr: { 'data-testid': 'connection-checks' } });
            setting.addButton((button) =>
              button.setButtonText(t('settings.checkConnection')).onClick(() => {
                if (context.checkConnection === undefined) return;
                lines.empty();
                lines.setText(t('settings.checking'));
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
          name: t('settings.contextWindow'),
          desc: t('settings.contextWindowDesc'),
          aliases: ['num_ctx', 'n_ctx', 'context length', 'window'],
          // Drawn here: the value belongs to the current model, and the row shows what the server said.
          render: (setting) => {
            const shown = setting.descEl.createDiv({ cls: 'glassbox-context-window' });
            const showWindow = () => {
              shown.setText(t('settings.askingServer'));
              void context.contextWindow().then((window) => shown.setText(t('settings.windowInUse', { tokens: window.tokens, source: windowSourceLabel(window.source) })));
            };
            setting.addText((text) =>
              onTextCommitted(text.setPlaceholder(t('settings.askServer')).setValue(String(context.contextWindowSetting() ?? '')), (value) => {
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
          name: t('settings.price'),
          desc: t('settings.priceDesc'),
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
            for (const [placeholder, label, amount] of [[t('settings.priceInput'), t('settings.priceInputLabel'), saved?.inputPerMillion], [t('settings.priceOutput'), t('settings.priceOutputLabel'), saved?.outputPerMillion]] as const) {
              setting.addText((text) => {
                text.inputEl.setAttribute('aria-label', label);
                fields.push({ value: () => text.getValue() });
                onTextCommitted(text.setPlaceholder(placeholder).setValue(amount === undefined ? '' : String(amount)), commit);
              });
            }
          },
        },
        {
          name: t('settings.modelsWithoutTools'),
          desc: t('settings.modelsWithoutToolsDesc'),
          aliases: ['does not support tools', 'tool calling'],
          render: (setting) => {
            const list = setting.settingEl.createDiv({ cls: 'glassbox-models-without-tools' });
            const draw = (): void => {
              list.empty();
              const models = Object.entries(context.modelsWithoutTools());
              if (models.length === 0) list.createEl('p', { text: t('settings.none') });
              for (const [model, reason] of models) {
                const item = list.createDiv({ cls: 'glassbox-mcp-row' });
                item.createSpan({ text: model, attr: { title: reason } });
                item.createEl('button', { text: t('settings.forget') }).addEventListener('click', () => {
                  context.forgetModelWithoutTools(model);
                  draw();
                });
              }
            };
            draw();
          },
        },
        {
          name: t('settings.responseTimeout'),
          desc: t('settings.responseTimeoutDesc'),
          aliases: ['stalled', 'hang'],
          control: { type: 'number', key: 'responseTimeoutSeconds', min: 1, step: 'any', validate: positiveNumber },
        },
        {
          name: t('settings.maxTokens'),
          desc: t('settings.maxTokensDesc'),
          aliases: ['max tokens', 'max_tokens', 'endless'],
          control: { type: 'number', key: 'maxTokens', min: 1, step: 1, validate: wholeNumber },
        },
      ],
    },
    {
      type: 'group',
      heading: t('settings.agent'),
      items: [
        {
          // The chat's run options call it the same; a number box shows its value, which a slider did not.
          name: t('settings.maxSteps'),
          desc: t('settings.maxStepsDesc'),
          aliases: ['maximum iterations', 'max iterations'],
          control: { type: 'number', key: 'maxIterations', min: 1, max: 50, step: 1, validate: stepCount },
        },
        {
          name: t('settings.loopStyle'),
          control: { type: 'dropdown', key: 'loopStyle', options: Object.fromEntries(AGENT_LOOP_STYLES.map((style) => [style, loopStyleLabel(style)])) },
        },
        {
          name: t('settings.questionTimeout'),
          desc: t('settings.questionTimeoutDesc'),
          control: { type: 'number', key: 'requestInputTimeoutMinutes', min: 0.1, step: 'any', validate: positiveNumber },
        },
        {
          name: t('settings.contextBudget'),
          desc: t('settings.contextBudgetDesc'),
          aliases: ['attached notes', 'selection'],
          control: { type: 'number', key: 'contextBudgetTokens', min: 100, step: 100, validate: wholeNumber },
        },
        {
          name: t('settings.attachOpenNote'),
          desc: t('settings.attachOpenNoteDesc'),
          aliases: ['context', 'chips', 'active note'],
          control: { type: 'toggle', key: 'attachOpenNote' },
        },
        {
          name: t('settings.imageModels'),
          desc: t('settings.imageModelsDesc'),
          aliases: ['vision', 'images', 'multimodal'],
          control: { type: 'text', key: 'imageModels' },
        },
        {
          name: t('settings.imageSize'),
          desc: t('settings.imageSizeDesc'),
          aliases: ['vision', 'downscale'],
          control: { type: 'number', key: 'imageMaxSide', min: 64, step: 1, validate: wholeNumber },
        },
        {
          name: t('settings.promptsFolder'),
          desc: t('settings.promptsFolderDesc'),
          aliases: ['custom prompts', 'templates', 'slash'],
          control: { type: 'text', key: 'promptsFolder' },
        },
        {
          name: t('settings.systemNotifications'),
          desc: t('settings.systemNotificationsDesc'),
          aliases: ['notify', 'background', 'tabs'],
          control: { type: 'toggle', key: 'systemNotifications' },
        },
      ],
    },
    {
      type: 'group',
      heading: t('settings.semanticSearch'),
      items: [
        {
          name: t('settings.semanticSearch'),
          desc: t('settings.semanticSearchDesc'),
          aliases: ['semantic search', 'embeddings', 'hybrid'],
          control: { type: 'toggle', key: 'semanticSearch' },
        },
        {
          name: t('settings.embeddingModel'),
          desc: t('settings.embeddingModelDesc'),
          aliases: ['embeddings model'],
          control: { type: 'text', key: 'embeddingModel' },
        },
        {
          name: t('settings.embeddingsBaseUrl'),
          desc: t('settings.embeddingsBaseUrlDesc'),
          aliases: ['embeddings endpoint', 'embedding server'],
          control: { type: 'text', key: 'embeddingsBaseUrl', placeholder: t('settings.embeddingsBaseUrlPlaceholder') },
        },
      ],
    },
    {
      type: 'group',
      heading: t('settings.reasoningBlock'),
      items: [
        {
          name: t('settings.displayMode'),
          control: { type: 'dropdown', key: 'displayMode', options: Object.fromEntries(DISPLAY_MODES.map((mode) => [mode, displayModeLabel(mode)])) },
        },
        { name: t('settings.showReasoningText'), control: { type: 'toggle', key: 'showReasoningText' } },
        { name: t('settings.showToolOutput'), control: { type: 'toggle', key: 'showToolOutput' } },
        { name: t('settings.expandWhileWorking'), control: { type: 'toggle', key: 'expandWhileWorking' } },
      ],
    },
    {
      type: 'group',
      heading: t('settings.conversations'),
      items: [{ name: t('settings.folder'), desc: t('settings.folderDesc'), control: { type: 'text', key: 'conversationsFolder' } }],
    },
  ];
}

function positiveNumber(value: number): string | undefined {
  return Number.isFinite(value) && value > 0 ? undefined : t('settings.positiveNumber');
}

function stepCount(value: number): string | undefined {
  return Number.isInteger(value) && value >= 1 && value <= 50 ? undefined : t('settings.stepCount');
}

function wholeNumber(value: number): string | undefined {
  return Number.isInteger(value) && value > 0 ? undefined : t('settings.wholeNumber');
}

import { type App, SecretComponent, type SettingDefinitionGroup } from 'obsidian';
import { AGENT_LOOP_STYLES, LOOP_STYLE_LABELS } from '../../agent';
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
            setting.addComponent((el) =>
              new SecretComponent(context.app, el).setValue(context.apiKeySecretName()).onChange((value) => context.setApiKeySecretName(value)),
            );
          },
        },
        { name: 'Model', control: { type: 'text', key: 'model' } },
        {
          name: 'Response timeout (seconds)',
          desc: 'Longest wait for the next part of an answer; then the run stops with an error and keeps what arrived.',
          aliases: ['stalled', 'hang'],
          control: { type: 'number', key: 'responseTimeoutSeconds', min: 1, step: 'any', validate: positiveNumber },
        },
      ],
    },
    {
      type: 'group',
      heading: 'Agent',
      items: [
        {
          name: 'Maximum iterations',
          desc: 'Most model calls in one answer.',
          control: { type: 'slider', key: 'maxIterations', min: 1, max: 50, step: 1 },
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
          desc: 'Most text from attached notes and the selection sent with a question, in estimated tokens; the rest is cut with a notice in the trace.',
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

function wholeNumber(value: number): string | undefined {
  return Number.isInteger(value) && value > 0 ? undefined : 'Enter a whole number greater than zero.';
}

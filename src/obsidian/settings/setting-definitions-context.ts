import type { App } from 'obsidian';
import type { ConnectionLine } from '../../doctor';
import { describeServerModel, type ContextWindow, type ServerModel } from '../../llm';
import type { ModelPrice } from '../../markers';

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
export function suggestModels(input: HTMLInputElement, context: SettingDefinitionsContext): void {
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

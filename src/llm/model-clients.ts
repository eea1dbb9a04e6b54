import type { ChatModel } from './chat-types';
import { createOpenAiChatModel, type OpenAiChatModelOptions } from './openai-chat-model';

/**
 * The model client, made once for as long as what it is made from stays the same (the endpoint,
 * the key, the timeout, the answer cap, the fetch): not per run, and not per attempt (the model
 * holds one SDK client). A settings change that touches one of them makes the next one.
 */
export class ModelClients {
  private made: { readonly options: OpenAiChatModelOptions; readonly model: ChatModel } | null = null;

  constructor(private readonly create: (options: OpenAiChatModelOptions) => ChatModel = createOpenAiChatModel) {}

  /** The model for `options`: the one made last when they are the same. */
  for(options: OpenAiChatModelOptions): ChatModel {
    if (this.made === null || !sameValues(this.made.options, options)) this.made = { options, model: this.create(options) };
    return this.made.model;
  }
}

/** Whether two sets of what a thing is made from name the same values, key by key (`===`). */
export function sameValues<T extends object>(a: T, b: T): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof T)[]);
  return [...keys].every((key) => a[key] === b[key]);
}

import type { ChatRunRequest, ChatRunSetup } from '../../chat';
import type { RunSetupOptions } from './run-setup';

/**
 * The plugin's run setup for its whole life, made on the first question: the model client
 * (openai) and the run planner are evaluated then, not when Obsidian loads the plugin (esbuild
 * defers a module reached only through `import()`).
 */
export function deferredRunSetup(options: RunSetupOptions): (modelName: string, request: ChatRunRequest) => Promise<ChatRunSetup> {
  let setup: Promise<(modelName: string, request?: ChatRunRequest) => Promise<ChatRunSetup>> | null = null;
  return (modelName, request) => {
    setup ??= import('./run-setup').then(({ createRunSetup }) => createRunSetup(options));
    return setup.then((prepare) => prepare(modelName, request));
  };
}

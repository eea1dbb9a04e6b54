/**
 * The openai SDK (about 70 modules), evaluated when the first model is made, not when Obsidian
 * loads the plugin (DESIGN.md 13.7): esbuild keeps a `require` inside a function as a call made
 * then, as for react-dom's client (src/ui/create-root.ts).
 */
export function openAiSdk(): typeof import('./openai-sdk-exports') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports, no-undef -- esbuild's (and jest's) require: evaluated on first use (docs/decisions/bundle-size.md)
  return require('./openai-sdk-exports') as typeof import('./openai-sdk-exports');
}

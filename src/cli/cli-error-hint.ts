/**
 * The provider errors (`src/llm/errors/`) end in advice for the plugin ("Check it in Glassbox
 * settings."); a CLI user has no settings tab, so what `glassbox ask` prints names the flag and
 * environment variable instead. Only the terminal text changes: `--events jsonl` and the saved
 * note keep the run's own words.
 */
const HINTS: readonly (readonly [string, string])[] = [
  ['Check the model name in Glassbox settings.', 'Check --model (or GLASSBOX_MODEL) and --base-url.'],
  ['Check it in Glassbox settings.', 'Check --api-key (or GLASSBOX_API_KEY).'],
  ['Check the base URL in Glassbox settings; OpenAI-compatible servers usually end in /v1.', 'Check --base-url (or GLASSBOX_BASE_URL); OpenAI-compatible servers usually end in /v1.'],
  ['raise the response timeout in Glassbox settings if the model is just slow.', 'raise --timeout if the model is just slow.'],
];

/** `text` with a settings-tab hint replaced by the CLI's flags; other text unchanged. */
export function cliErrorHint(text: string): string {
  for (const [plugin, cli] of HINTS) {
    if (text.endsWith(plugin)) return `${text.slice(0, text.length - plugin.length)}${cli}`;
  }
  return text;
}

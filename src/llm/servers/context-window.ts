/** How many tokens a model's requests may hold (prompt and answer together), and where that number came from. */
export interface ContextWindow {
  readonly tokens: number;
  /** Where the number came from, as the settings and `ask --events jsonl` show it: "setting", "llama.cpp /props", "Ollama default", "default for a local server", ... */
  readonly source: string;
}

/** The window assumed for a server on this machine or the local network that does not say (DESIGN.md 12.1). */
export const DEFAULT_LOCAL_CONTEXT_WINDOW = 8192;

/** The window assumed for a hosted API that does not say. */
export const DEFAULT_REMOTE_CONTEXT_WINDOW = 128_000;

/** Ollama's own default `num_ctx`, used when a model sets none (not the model's trained length). */
export const OLLAMA_DEFAULT_CONTEXT_WINDOW = 4096;

/** The conservative guess for an endpoint that reports nothing: small for local hosts, where small windows are the rule. */
export function defaultContextWindow(local: boolean): ContextWindow {
  return local ? { tokens: DEFAULT_LOCAL_CONTEXT_WINDOW, source: 'default for a local server' } : { tokens: DEFAULT_REMOTE_CONTEXT_WINDOW, source: 'default for a hosted API' };
}

import { isCompleteHttpUrl } from './complete-http-url';

/** A GET that returns the status and the parsed JSON body (Obsidian's `requestUrl` in the app). */
export type JsonGet = (request: { readonly url: string; readonly headers: Record<string, string> }) => Promise<{ readonly status: number; readonly json: unknown }>;

/** Inputs of {@link listModels}. */
export interface ListModelsOptions {
  readonly baseUrl: string;
  readonly apiKey?: string | null;
  readonly get: JsonGet;
}

/**
 * The model names an OpenAI-compatible endpoint offers (`GET {baseUrl}/models`), sorted, for the
 * model picker's suggestions. Any failure (no network, no such route, odd JSON) gives an empty
 * list: the picker then suggests the configured model and any name can still be typed. Nothing
 * is sent (the key included) unless the base URL is a complete http(s) address.
 */
export async function listModels(options: ListModelsOptions): Promise<string[]> {
  const base = options.baseUrl.trim().replace(/\/+$/, '');
  if (!isCompleteHttpUrl(base)) return [];
  try {
    const response = await options.get({ url: `${base}/models`, headers: options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {} });
    if (response.status < 200 || response.status >= 300) return [];
    const body = response.json;
    const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
    if (!Array.isArray(data)) return [];
    const names = data
      .map((entry: unknown) => (typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined))
      .filter((id): id is string => typeof id === 'string' && id !== '');
    return [...new Set(names)].sort((a, b) => a.localeCompare(b));
  } catch {
    return [];
  }
}

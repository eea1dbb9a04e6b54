import { Notice } from '../../fake-obsidian';

/** One note as the server sends it. */
export interface BootFile {
  readonly path: string;
  readonly content: string;
  readonly ctime: number;
  readonly mtime: number;
}

/** What `GET /api/boot` returns (see `tools/playground/server.ts`). */
export interface BootData {
  readonly vaultName: string;
  readonly files: readonly BootFile[];
  readonly pluginData: unknown;
  /** The app language (`--lang`), which `getLanguage()` reports. */
  readonly language?: string;
}

/** Loads the vault and the plugin data from the playground server. */
export async function fetchBootData(): Promise<BootData> {
  const response = await fetch('/api/boot', { cache: 'no-store' });
  if (!response.ok) throw new Error(`The playground server answered ${response.status} for /api/boot.`);
  return (await response.json()) as BootData;
}

/** Sends one JSON request to the playground server's write API; a failure shows the server's sentence in a notice. */
export async function postJson(path: string, body: unknown): Promise<boolean> {
  try {
    const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) {
      const text = await response.text();
      console.error(`Playground: ${path} failed with ${response.status}: ${text}`);
      new Notice(serverSentence(text) ?? `The playground server refused ${path} (${response.status}).`);
    }
    return response.ok;
  } catch (error) {
    console.error(`Playground: ${path} failed`, error);
    return false;
  }
}

function serverSentence(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    return typeof parsed.error === 'string' ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

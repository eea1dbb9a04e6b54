import { TFile, type App, type TAbstractFile } from '../../fake-obsidian';
import { postJson } from './boot-data';

/**
 * Persists what the plugin writes into the in-memory vault back into the real folder, through
 * the playground server's write API: creates and modifies (conversation notes), deletes and
 * renames. Writes go out one at a time, in the order they happened, so the folder ends up as
 * the vault is. Returns a function that resolves once every queued write has landed.
 */
export function syncVaultToServer(app: App): () => Promise<void> {
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = (send: () => Promise<unknown>): void => {
    queue = queue.then(send, send);
  };
  const writeFile = (file: TAbstractFile): void => {
    if (!(file instanceof TFile)) return;
    // An image (pasted into the chat) goes as base64 of its bytes; the server writes the bytes.
    const image = /\.(?:png|jpe?g|gif|webp)$/i.test(file.path);
    enqueue(async () => postJson('/api/vault/write', { path: file.path, content: image ? base64(await app.vault.readBinary(file)) : await app.vault.read(file) }));
  };
  app.vault.on('create', writeFile);
  app.vault.on('modify', writeFile);
  app.vault.on('delete', (file: TAbstractFile) => {
    if (file instanceof TFile) enqueue(() => postJson('/api/vault/delete', { path: file.path }));
  });
  app.vault.on('rename', (file: TAbstractFile, oldPath: string) => {
    if (file instanceof TFile) enqueue(() => postJson('/api/vault/rename', { from: oldPath, to: file.path }));
  });
  return () => queue.then(() => undefined);
}

function base64(data: ArrayBuffer): string {
  const bytes = new Uint8Array(data);
  let binary = '';
  for (let index = 0; index < bytes.length; index += 8192) binary += String.fromCharCode(...bytes.subarray(index, index + 8192));
  return btoa(binary);
}

/**
 * Keeps the plugin's data (`saveData`) on the server, in memory: the page's reload gets it back,
 * and the vault's real `.obsidian` folder is never touched.
 */
export function syncPluginDataToServer(app: App, pluginId: string, onSaved?: (data: unknown) => void): void {
  const dataPath = `${app.vault.configDir}/plugins/${pluginId}/data.json`;
  const adapter = app.vault.adapter;
  const write = adapter.write.bind(adapter);
  adapter.write = async (path: string, data: string, options?: Parameters<typeof write>[2]) => {
    await write(path, data, options);
    if (path !== dataPath) return;
    const parsed = JSON.parse(data) as unknown;
    onSaved?.(parsed);
    await postJson('/api/plugin-data', { data: parsed });
  };
}

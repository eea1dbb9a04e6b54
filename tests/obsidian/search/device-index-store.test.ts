import GlassboxPlugin from '../../../src/main';
import { deviceIndexStore } from '../../../src/obsidian/search/device-index-store';
import { createFakeApp, type App } from '../../../tools/fake-obsidian';
import manifestJson from '../../../manifest.json';
import { vaultToolsOf } from '../../support/plugin-vault-tools';

const pluginDir = (app: App): string => `${app.vault.configDir}/plugins/${manifestJson.id}`;
/** The index the plugin saved: its first build saves before the vault tools are ready. */
async function savedIndex(app: App, plugin: GlassboxPlugin): Promise<Uint8Array> {
  await vaultToolsOf(plugin).whenSettled();
  const saved = await storeOf(app).load();
  if (saved === null) throw new Error('the index was never saved');
  return saved as Uint8Array;
}

const storeOf = (app: App, indexedDB?: IDBFactory | null) => deviceIndexStore({ app: app as never, pluginDir: pluginDir(app), ...(indexedDB === undefined ? {} : { indexedDB }) });

describe('deviceIndexStore', () => {
  it('keeps the search index out of the synced vault: the config folder a second device receives holds no index', async () => {
    const app = createFakeApp({ files: { 'Kayaks.md': '# Kayaks\n\nRental prices for the summer.' } });
    await app.vault.adapter.write(`${pluginDir(app)}/data.json`, JSON.stringify({ provider: 'custom', baseUrl: 'http://127.0.0.1:9/v1' }));
    const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
    expect((await savedIndex(app, plugin)).byteLength).toBeGreaterThan(0);
    expect(await app.vault.adapter.exists(`${pluginDir(app)}/search-index.bin`)).toBe(false);
    const second = createFakeApp({ syncedFrom: app });
    expect(await second.vault.adapter.exists(`${pluginDir(app)}/data.json`)).toBe(true);
    expect((await second.vault.adapter.list(pluginDir(app))).files.filter((path) => path.includes('search-index'))).toEqual([]);
    expect(await storeOf(second).load()).toBeNull();
    plugin.unload();
  });

  it('reloads what it saved on the same device, and deletes the old plugin-folder index and its conflict copies', async () => {
    const app = createFakeApp();
    const folder = pluginDir(app);
    await app.vault.adapter.write(`${folder}/search-index.bin`, 'old');
    await app.vault.adapter.write(`${folder}/search-index (conflicted copy 2026-05-02).bin`, 'older');
    await app.vault.adapter.write(`${folder}/data.json`, '{}');
    expect(await storeOf(app).load()).toBeNull();
    expect((await app.vault.adapter.list(folder)).files).toEqual([`${folder}/data.json`]);
    await storeOf(app).save(new Uint8Array([1, 2, 3]));
    expect([...((await storeOf(app).load()) as Uint8Array)]).toEqual([1, 2, 3]);
  });

  it('without IndexedDB keeps the index in the plugin folder', async () => {
    const app = createFakeApp();
    await storeOf(app, null).save(new Uint8Array([7]));
    expect(await app.vault.adapter.exists(`${pluginDir(app)}/search-index.bin`)).toBe(true);
    expect([...((await storeOf(app, null).load()) as Uint8Array)]).toEqual([7]);
  });
});

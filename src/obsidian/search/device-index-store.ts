import type { App } from 'obsidian';
import type { IndexStore } from '../../search';
import { pluginFolderIndexStore } from './obsidian-vault-source';

/** Options of {@link deviceIndexStore}. */
export interface DeviceIndexStoreOptions {
  readonly app: App;
  /** The plugin's folder, e.g. `.obsidian/plugins/glassbox`. */
  readonly pluginDir: string;
  /** The IndexedDB to use; default the window's. Null falls back to the plugin folder. */
  readonly indexedDB?: IDBFactory | null;
  /** What is kept: the word index (default) or the vectors of search by meaning, beside it. */
  readonly contents?: 'index' | 'embeddings';
}

/** Names of the index file the plugin folder held, and of sync services' conflict copies of it. */
const PLUGIN_FOLDER_INDEX = /^search-index\b.*\.bin$/;
const OBJECT_STORE = 'index';
/** The record of each kind of contents, and its file when the plugin folder stands in. */
const RECORDS = { index: { key: 'current', file: 'search-index.bin' }, embeddings: { key: 'embeddings', file: 'search-embeddings.bin' } } as const;

/**
 * Where the search index is kept: in this device's IndexedDB (desktop and mobile both have one),
 * not in the vault, which iCloud, Dropbox, Syncthing and git users sync with conflict copies. The
 * database is per vault and per device (Obsidian's `appId`, as its own metadata cache uses), so
 * a second device builds its own index. The file an earlier version wrote to the plugin folder,
 * and any conflict copies of it, are deleted on the first load. Without IndexedDB the index
 * stays in the plugin folder; a copy from another device is harmless there, because the index
 * re-reads every note whose size or time differs from what it recorded.
 */
export function deviceIndexStore(options: DeviceIndexStoreOptions): IndexStore {
  const { app, pluginDir } = options;
  const { key: KEY, file } = RECORDS[options.contents ?? 'index'];
  const factory = options.indexedDB === undefined ? (typeof indexedDB === 'undefined' ? null : indexedDB) : options.indexedDB;
  if (factory === null) return pluginFolderIndexStore({ adapter: app.vault.adapter, path: `${pluginDir}/${file}` });
  // `appId` is not in the public typings; the vault name keeps vaults apart where it is missing.
  const vaultKey = (app as unknown as { appId?: unknown }).appId;
  const databaseName = `glassbox-search-index-${typeof vaultKey === 'string' && vaultKey !== '' ? vaultKey : app.vault.getName()}`;
  let cleaned = false;
  return {
    async load() {
      if (!cleaned) {
        cleaned = true;
        await removePluginFolderCopies(app, pluginDir);
      }
      const stored = await withStore(factory, databaseName, 'readonly', (store) => store.get(KEY));
      // By shape, not instanceof: a structured clone may come from another realm.
      if (ArrayBuffer.isView(stored)) return new Uint8Array(stored.buffer, stored.byteOffset, stored.byteLength);
      return stored instanceof ArrayBuffer ? new Uint8Array(stored) : null;
    },
    async save(data) {
      await withStore(factory, databaseName, 'readwrite', (store) => store.put(data, KEY));
    },
  };
}

async function removePluginFolderCopies(app: App, pluginDir: string): Promise<void> {
  const adapter = app.vault.adapter;
  try {
    if (!(await adapter.exists(pluginDir))) return;
    const { files } = await adapter.list(pluginDir);
    for (const path of files) {
      if (PLUGIN_FOLDER_INDEX.test(path.slice(path.lastIndexOf('/') + 1))) await adapter.remove(path);
    }
  } catch {
    // Only tidying: a leftover file does no harm.
  }
}

/** Runs one request against the object store in its own transaction and resolves with its result. */
function withStore(factory: IDBFactory, databaseName: string, mode: IDBTransactionMode, request: (store: IDBObjectStore) => IDBRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const opening = factory.open(databaseName, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(OBJECT_STORE);
    opening.onerror = () => reject(opening.error ?? new Error(`IndexedDB ${databaseName} could not be opened`));
    opening.onsuccess = () => {
      const database = opening.result;
      const transaction = database.transaction(OBJECT_STORE, mode);
      const pending = request(transaction.objectStore(OBJECT_STORE));
      transaction.oncomplete = () => {
        database.close();
        resolve(pending.result);
      };
      transaction.onerror = () => {
        database.close();
        reject(transaction.error ?? new Error(`IndexedDB ${databaseName}: the transaction failed`));
      };
    };
  });
}

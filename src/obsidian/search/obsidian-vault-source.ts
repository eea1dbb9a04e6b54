import { getAllTags, TFile, type DataAdapter, type EventRef, type MetadataCache, type TAbstractFile, type Vault } from 'obsidian';
import type { IndexStore } from '../../search';
import type { VaultChange, VaultNoteInfo, VaultNoteMetadata, VaultSource } from '../../search';

function isNote(file: TAbstractFile): file is TFile {
  return file instanceof TFile && file.extension === 'md';
}

function infoOf(file: TFile): VaultNoteInfo {
  return { path: file.path, mtime: file.stat.mtime, size: file.stat.size };
}

/**
 * The {@link VaultSource} of an Obsidian vault: notes from `Vault.getMarkdownFiles`, text through
 * `cachedRead`, metadata from the `MetadataCache`. Changes (notes only; folders and attachments
 * are ignored) come as Tasks takes them: edits from the cache's `changed`, not the vault's
 * `modify` (the cache is updated after `modify`, so reading it then would bring deleted tags and
 * links back); `create`, `delete` and `rename` from the vault (`changed` skips renames); and
 * notes whose metadata was asked for before the cache had any are re-read on `resolved`.
 */
export class ObsidianVaultSource implements VaultSource {
  private readonly vault: Vault;
  private readonly metadataCache: MetadataCache;
  /** Notes whose metadata was asked for while the cache had none (at start-up). */
  private readonly missedMetadata = new Set<string>();

  constructor(options: { vault: Vault; metadataCache: MetadataCache }) {
    this.vault = options.vault;
    this.metadataCache = options.metadataCache;
  }

  listNotes(): Promise<readonly VaultNoteInfo[]> {
    return Promise.resolve(this.vault.getMarkdownFiles().map(infoOf));
  }

  read(path: string): Promise<string> {
    const file = this.vault.getFileByPath(path);
    if (!file) return Promise.reject(new Error(`No note at ${path}`));
    return this.vault.cachedRead(file);
  }

  /** What the metadata cache knows: frontmatter, tags (without `#`), headings and link targets. */
  metadata(path: string): VaultNoteMetadata | undefined {
    const file = this.vault.getFileByPath(path);
    const cache = file ? this.metadataCache.getFileCache(file) : null;
    if (!cache) {
      if (file) this.missedMetadata.add(path);
      return undefined;
    }
    return {
      ...(cache.frontmatter ? { frontmatter: cache.frontmatter } : {}),
      tags: (getAllTags(cache) ?? []).map((tag) => tag.replace(/^#/, '')),
      headings: (cache.headings ?? []).map((heading) => ({ heading: heading.heading, level: heading.level })),
      links: [...(cache.links ?? []), ...(cache.embeds ?? [])].map((link) => link.link),
    };
  }

  onChange(listener: (change: VaultChange) => void): () => void {
    const cacheRefs: EventRef[] = [
      this.metadataCache.on('changed', (file) => {
        this.missedMetadata.delete(file.path);
        if (isNote(file)) listener({ type: 'modify', note: infoOf(file) });
      }),
      this.metadataCache.on('resolved', () => {
        for (const path of this.missedMetadata) {
          const file = this.vault.getFileByPath(path);
          if (file && this.metadataCache.getFileCache(file)) listener({ type: 'modify', note: infoOf(file) });
        }
        // Every subscriber sees this event's list; forget it once they all have.
        queueMicrotask(() => this.missedMetadata.clear());
      }),
    ];
    const vaultRefs: EventRef[] = [
      this.vault.on('create', (file) => {
        if (isNote(file)) listener({ type: 'create', note: infoOf(file) });
      }),
      this.vault.on('delete', (file) => {
        if (isNote(file)) listener({ type: 'delete', path: file.path });
      }),
      this.vault.on('rename', (file, oldPath) => {
        if (isNote(file)) listener(oldPath.toLowerCase().endsWith('.md') ? { type: 'rename', note: infoOf(file), oldPath } : { type: 'create', note: infoOf(file) });
        else if (file instanceof TFile && oldPath.toLowerCase().endsWith('.md')) listener({ type: 'delete', path: oldPath });
      }),
    ];
    return () => {
      cacheRefs.forEach((ref) => this.metadataCache.offref(ref));
      vaultRefs.forEach((ref) => this.vault.offref(ref));
    };
  }
}

/** What an {@link IndexStore} in the plugin folder needs from `vault.adapter`. */
type IndexAdapter = Pick<DataAdapter, 'exists' | 'read' | 'write'> & Partial<Pick<DataAdapter, 'readBinary' | 'writeBinary'>>;

/**
 * An {@link IndexStore} in the plugin's folder (e.g. `.obsidian/plugins/glassbox/search-index.bin`).
 * Binary through `readBinary`/`writeBinary` where the adapter has them (desktop and mobile
 * Obsidian do); otherwise base64 text, so a host without binary I/O still persists.
 */
export function pluginFolderIndexStore(options: { adapter: IndexAdapter; path: string }): IndexStore {
  const { adapter, path } = options;
  return {
    async load() {
      if (!(await adapter.exists(path))) return null;
      if (adapter.readBinary) return new Uint8Array(await adapter.readBinary(path));
      return base64ToBytes(await adapter.read(path));
    },
    async save(data) {
      if (adapter.writeBinary) {
        await adapter.writeBinary(path, data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer);
        return;
      }
      await adapter.write(path, bytesToBase64(data));
    },
  };
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
}

function base64ToBytes(text: string): Uint8Array | null {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return null;
  }
}

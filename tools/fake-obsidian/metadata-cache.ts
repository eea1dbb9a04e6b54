import type { CachedMetadata } from 'obsidian';
import { Events } from './events';
import { TFile } from './files';
import { parseMetadata } from './metadata-parser';
import type { Vault, VaultWriteHook } from './vault';

/**
 * Obsidian's `MetadataCache`, kept current from the vault's writes. As in Obsidian, a created or
 * modified note is parsed in a later task (a timer), not during the vault's `create`/`modify`
 * event: until then `getFileCache` gives the old metadata (or null for a new note); then
 * `changed` (file, data, cache), `resolve` (file) and `resolved` fire. Deletes and renames apply
 * at once (`changed` does not fire for a rename). `settled()` (fake-only) waits for the pending
 * parses; with `resolveLater`, the notes present at start are indexed in a later task too and
 * the cache is empty until the first `resolved`, as on a first start or after outside edits.
 */
export class MetadataCache extends Events {
  /** source path → destination path → link count, for links that resolve to a file. */
  resolvedLinks: Record<string, Record<string, number>> = {};
  /** source path → link text → count, for links that do not resolve. */
  unresolvedLinks: Record<string, Record<string, number>> = {};
  private readonly caches = new Map<string, CachedMetadata>();
  private readonly contents = new Map<string, string>();
  /** Lower-cased file name and basename → files; rebuilt lazily after a create, delete or rename. */
  private nameIndex: Map<string, TFile[]> | null = null;
  /** Notes written since their last parse, and the timer that will parse them. */
  private readonly pending = new Set<TFile>();
  private pendingTimer: ReturnType<typeof setTimeout> | null = null;
  private startPending = false;
  private settledWaiters: (() => void)[] = [];

  constructor(private readonly vault: Vault) {
    super();
  }

  /** Fake-only: resolves once every pending parse has run and its events have fired. */
  settled(): Promise<void> {
    if (this.pendingTimer === null) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  /** @internal Indexes the notes at start in a later task, then fires `resolved` (see the class doc). */
  indexAllLater(): void {
    this.startPending = true;
    this.scheduleFlush();
  }

  /** @internal Indexes the Markdown files already in the vault (the app does this once at start). */
  indexAll(): void {
    this.nameIndex = null;
    for (const file of this.vault.getMarkdownFiles()) {
      const text = this.vault.readNow(file.path) ?? '';
      this.contents.set(file.path, text);
      this.caches.set(file.path, parseMetadata(text));
    }
    this.resolveAll();
  }

  /** @internal The hook the vault calls after each change. */
  readonly onVaultChange: VaultWriteHook = ({ type, file, oldPath }) => {
    if (!(file instanceof TFile) || file.extension !== 'md') return;
    if (type !== 'modify') this.nameIndex = null;
    if (type === 'delete') {
      const previous = this.caches.get(file.path) ?? null;
      this.caches.delete(file.path);
      this.contents.delete(file.path);
      this.resolveAll();
      this.trigger('deleted', file, previous);
      return;
    }
    if (type === 'rename' && oldPath !== undefined) {
      const cache = this.caches.get(oldPath);
      const text = this.contents.get(oldPath);
      this.caches.delete(oldPath);
      this.contents.delete(oldPath);
      if (cache && text !== undefined) {
        this.caches.set(file.path, cache);
        this.contents.set(file.path, text);
      }
      this.resolveAll();
      return;
    }
    if (type === 'create') this.nameIndex = null;
    this.pending.add(file);
    this.scheduleFlush();
  };

  private scheduleFlush(): void {
    this.pendingTimer ??= globalThis.setTimeout(() => this.flush(), 0);
  }

  // Parses every note written since the last task, reading its text as it is now.
  private flush(): void {
    this.pendingTimer = null;
    if (this.startPending) {
      this.startPending = false;
      this.pending.clear();
      this.indexAll();
      this.trigger('resolved');
    }
    const files = [...this.pending];
    this.pending.clear();
    for (const file of files) {
      if (this.vault.getFileByPath(file.path) !== file) continue;
      this.update(file, this.vault.readNow(file.path) ?? '', !this.caches.has(file.path));
    }
    const waiters = this.settledWaiters;
    this.settledWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** The file's metadata, or null if it is not a Markdown file the cache knows. */
  getFileCache(file: TFile): CachedMetadata | null {
    return this.caches.get(file.path) ?? null;
  }

  /** The metadata at a path, or null. */
  getCache(path: string): CachedMetadata | null {
    return this.caches.get(path) ?? null;
  }

  /**
   * The file a link points to: an exact path (with or without `.md`), else the note with that
   * name, preferring one in the source's folder, else the shortest path.
   */
  getFirstLinkpathDest(linkpath: string, sourcePath: string): TFile | null {
    const hash = linkpath.indexOf('#');
    const path = (hash >= 0 ? linkpath.slice(0, hash) : linkpath).trim();
    if (path === '') return this.vault.getFileByPath(sourcePath);
    const exact = this.vault.getFileByPath(path) ?? this.vault.getFileByPath(`${path}.md`);
    if (exact) return exact;
    const lower = path.toLowerCase();
    const name = lower.includes('/') ? lower.slice(lower.lastIndexOf('/') + 1) : lower;
    const matches = (this.getNameIndex().get(name) ?? []).filter((file) => {
      const candidate = file.path.toLowerCase();
      return !lower.includes('/') || candidate.endsWith(`/${lower}`) || candidate.endsWith(`/${lower}.md`);
    });
    if (matches.length === 0) return null;
    const sourceFolder = sourcePath.includes('/') ? sourcePath.slice(0, sourcePath.lastIndexOf('/')) : '';
    const sameFolder = matches.find((file) => (file.parent?.path === '/' ? '' : file.parent?.path) === sourceFolder);
    return sameFolder ?? [...matches].sort((a, b) => a.path.length - b.path.length)[0];
  }

  /** The link text Obsidian would write for `file` from `sourcePath`: the name if unique, else the path. */
  fileToLinktext(file: TFile, sourcePath: string, omitMdExtension = true): string {
    const name = omitMdExtension && file.extension === 'md' ? file.basename : file.name;
    return this.getFirstLinkpathDest(name, sourcePath) === file ? name : omitMdExtension && file.extension === 'md' ? file.path.slice(0, -3) : file.path;
  }

  private getNameIndex(): Map<string, TFile[]> {
    if (this.nameIndex) return this.nameIndex;
    const index = new Map<string, TFile[]>();
    const add = (key: string, file: TFile): void => {
      const list = index.get(key) ?? [];
      if (!list.includes(file)) list.push(file);
      index.set(key, list);
    };
    for (const file of this.vault.getFiles()) {
      add(file.name.toLowerCase(), file);
      if (file.extension === 'md') add(file.basename.toLowerCase(), file);
    }
    this.nameIndex = index;
    return index;
  }

  private update(file: TFile, text: string, created: boolean): void {
    const cache = parseMetadata(text);
    this.caches.set(file.path, cache);
    this.contents.set(file.path, text);
    // A new file can resolve links elsewhere; an edit only changes its own outgoing links.
    if (created) this.resolveAll();
    else this.resolveSource(file.path, cache);
    this.trigger('changed', file, text, cache);
    this.trigger('resolve', file);
    this.trigger('resolved');
  }

  private resolveAll(): void {
    this.resolvedLinks = {};
    this.unresolvedLinks = {};
    for (const [source, cache] of this.caches) this.resolveSource(source, cache);
  }

  private resolveSource(source: string, cache: CachedMetadata): void {
    const resolved: Record<string, number> = {};
    const unresolved: Record<string, number> = {};
    for (const link of cache.links ?? []) {
      const target = this.getFirstLinkpathDest(link.link, source);
      if (target) resolved[target.path] = (resolved[target.path] ?? 0) + 1;
      else unresolved[link.link] = (unresolved[link.link] ?? 0) + 1;
    }
    this.resolvedLinks[source] = resolved;
    this.unresolvedLinks[source] = unresolved;
  }
}

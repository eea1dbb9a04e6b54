import type { DataWriteOptions, FileStats } from 'obsidian';
import { DataAdapter } from './data-adapter';
import { Events } from './events';
import { TAbstractFile, TFile, TFolder } from './files';
import { normalizePath } from './utils';

/** Options for the fake vault. */
export interface FakeVaultOptions {
  /** Vault name (`getName()`). Default `Fake vault`. */
  name?: string;
  /** Clock for `stat.ctime`/`mtime`. Default `Date.now`. */
  now?: () => number;
}

/** Called after a write has been applied and the vault event fired (the metadata cache hooks in here). */
export type VaultWriteHook = (change: { type: 'create' | 'modify' | 'delete' | 'rename'; file: TAbstractFile; oldPath?: string }) => void;

/**
 * Obsidian's `Vault`, in memory. Every write is applied synchronously when the method is called
 * and the returned promise resolves afterwards, so the order of calls is the order of effects.
 * Events: `create`, `modify`, `delete`, `rename` (file, oldPath), fired after the change is visible.
 */
export class Vault extends Events {
  /** Low-level file access, also for hidden files such as `.obsidian/plugins/<id>/data.json`. */
  adapter: DataAdapter;
  /** The configuration folder. */
  configDir = '.obsidian';
  /** Settings → Files and links → "Default location for new attachments" (the app keeps it in its config). */
  attachmentFolderPath = '/';
  private readonly entries = new Map<string, TAbstractFile>();
  private readonly contents = new Map<string, string>();
  private readonly root: TFolder;
  private readonly now: () => number;
  private readonly vaultName: string;
  /** @internal Set by the fake app to keep the metadata cache in step. */
  writeHook: VaultWriteHook | null = null;

  constructor(options: FakeVaultOptions = {}) {
    super();
    this.now = options.now ?? Date.now;
    this.vaultName = options.name ?? 'Fake vault';
    this.root = new TFolder(this, '/');
    this.adapter = new DataAdapter(this);
  }

  /** The vault's name. */
  getName(): string {
    return this.vaultName;
  }

  /** The root folder. */
  getRoot(): TFolder {
    return this.root;
  }

  /** The file or folder at `path`, or null. */
  getAbstractFileByPath(path: string): TAbstractFile | null {
    const normalized = normalizePath(path);
    if (normalized === '/') return this.root;
    return this.entries.get(normalized) ?? null;
  }

  /** The file at `path`, or null (also null for a folder). */
  getFileByPath(path: string): TFile | null {
    const entry = this.getAbstractFileByPath(path);
    return entry instanceof TFile ? entry : null;
  }

  /** The folder at `path`, or null. */
  getFolderByPath(path: string): TFolder | null {
    const entry = this.getAbstractFileByPath(path);
    return entry instanceof TFolder ? entry : null;
  }

  /** Creates a file; its folder must exist and the path must be free. */
  create(path: string, data: string, options?: DataWriteOptions): Promise<TFile> {
    try {
      return Promise.resolve(this.createNow(path, data, options));
    } catch (error) {
      return Promise.reject(toError(error));
    }
  }

  /** Creates a binary file (an image); its folder must exist and the path must be free. */
  createBinary(path: string, data: ArrayBuffer, options?: DataWriteOptions): Promise<TFile> {
    try {
      // Kept as the bytes' Latin-1 string, so every other method (delete, rename, exists) works unchanged.
      const file = this.createNow(path, latin1(data), { ...options, silent: true });
      file.stat = { ...file.stat, size: data.byteLength };
      this.emit('create', file);
      return Promise.resolve(file);
    } catch (error) {
      return Promise.reject(toError(error));
    }
  }

  /** A file's bytes; a text file's as UTF-8 would be Latin-1 here, which the plugin never reads that way. */
  readBinary(file: TFile): Promise<ArrayBuffer> {
    const content = this.contents.get(file.path);
    if (content === undefined) return Promise.reject(new Error(`File not found: ${file.path}`));
    const bytes = new Uint8Array(content.length);
    for (let index = 0; index < content.length; index += 1) bytes[index] = content.charCodeAt(index) & 0xff;
    return Promise.resolve(bytes.buffer);
  }

  /** Creates a folder and any missing parents; fails if it already exists. */
  createFolder(path: string): Promise<TFolder> {
    const normalized = normalizePath(path);
    if (this.entries.has(normalized)) return Promise.reject(new Error('Folder already exists.'));
    return Promise.resolve(this.ensureFolder(normalized, true));
  }

  /** The file's content. */
  read(file: TFile): Promise<string> {
    const content = this.contents.get(file.path);
    if (content === undefined) return Promise.reject(new Error(`File not found: ${file.path}`));
    return Promise.resolve(content);
  }

  /** @internal The content at a path right now, or undefined. */
  readNow(path: string): string | undefined {
    return this.contents.get(path);
  }

  /** Same as `read` here: there is no disk, so the cache is always current. */
  cachedRead(file: TFile): Promise<string> {
    return this.read(file);
  }

  /** Replaces the file's content and fires `modify`. */
  modify(file: TFile, data: string, options?: DataWriteOptions): Promise<void> {
    try {
      this.writeNow(file, data, options);
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(toError(error));
    }
  }

  /** Appends to the file and fires `modify`. */
  append(file: TFile, data: string, options?: DataWriteOptions): Promise<void> {
    return this.process(file, (current) => current + data, options).then(() => undefined);
  }

  /**
   * Atomically reads, transforms and writes: `fn` sees the current content and the write
   * happens in the same synchronous step, so nothing can slip in between.
   */
  process(file: TFile, fn: (data: string) => string, options?: DataWriteOptions): Promise<string> {
    try {
      const current = this.contents.get(file.path);
      if (current === undefined) throw new Error(`File not found: ${file.path}`);
      const next = fn(current);
      this.writeNow(file, next, options);
      return Promise.resolve(next);
    } catch (error) {
      return Promise.reject(toError(error));
    }
  }

  /** Deletes a file, or a folder with everything in it (deepest first), firing `delete` for each. */
  delete(file: TAbstractFile, force?: boolean): Promise<void> {
    void force;
    if (!this.entries.has(file.path)) return Promise.reject(new Error(`File not found: ${file.path}`));
    this.deleteNow(file);
    return Promise.resolve();
  }

  /** Same as `delete` (there is no trash in memory). */
  trash(file: TAbstractFile, system: boolean): Promise<void> {
    void system;
    return this.delete(file);
  }

  /** Moves a file or folder; its new folder must exist. Fires `rename` (file, oldPath) for it and everything inside. */
  rename(file: TAbstractFile, newPath: string): Promise<void> {
    const target = normalizePath(newPath);
    if (!this.entries.has(file.path)) return Promise.reject(new Error(`File not found: ${file.path}`));
    if (this.entries.has(target)) return Promise.reject(new Error('Destination file already exists!'));
    const parent = this.getFolderByPath(parentPath(target));
    if (!parent) return Promise.reject(new Error(`Folder does not exist: ${parentPath(target)}`));
    const moved: { file: TAbstractFile; oldPath: string }[] = [];
    const move = (entry: TAbstractFile, path: string): void => {
      moved.push({ file: entry, oldPath: entry.path });
      this.entries.delete(entry.path);
      const content = this.contents.get(entry.path);
      this.contents.delete(entry.path);
      entry.setPath(path);
      this.entries.set(path, entry);
      if (content !== undefined) this.contents.set(path, content);
      if (entry instanceof TFolder) for (const child of entry.children) move(child, `${path}/${child.name}`);
    };
    detachFromParent(file);
    move(file, target);
    file.parent = parent;
    parent.children.push(file);
    for (const { file: entry, oldPath } of moved) this.emit('rename', entry, oldPath);
    return Promise.resolve();
  }

  /** Copies a file to a new path (folders are not supported by the fake). */
  async copy<T extends TAbstractFile>(file: T, newPath: string): Promise<T> {
    if (!(file instanceof TFile)) throw new Error('The fake vault copies files only.');
    const content = await this.read(file);
    return (await this.create(newPath, content)) as unknown as T;
  }

  /** Every file and folder, root included. */
  getAllLoadedFiles(): TAbstractFile[] {
    return [this.root, ...this.entries.values()];
  }

  /** Every folder. */
  getAllFolders(includeRoot?: boolean): TFolder[] {
    const folders = [...this.entries.values()].filter((entry): entry is TFolder => entry instanceof TFolder);
    return includeRoot ? [this.root, ...folders] : folders;
  }

  /** Every `.md` file. */
  getMarkdownFiles(): TFile[] {
    return this.getFiles().filter((file) => file.extension === 'md');
  }

  /** Every file. */
  getFiles(): TFile[] {
    return [...this.entries.values()].filter((entry): entry is TFile => entry instanceof TFile);
  }

  /** A URL-like string for the file (not loadable in the fake). */
  getResourcePath(file: TFile): string {
    return `app://fake-vault/${encodeURI(file.path)}`;
  }

  /** Calls `cb` for `root` and everything under it. */
  static recurseChildren(root: TFolder, cb: (file: TAbstractFile) => unknown): void {
    cb(root);
    for (const child of root.children) {
      if (child instanceof TFolder) Vault.recurseChildren(child, cb);
      else cb(child);
    }
  }

  /** @internal Synchronous create, used by `create` and to seed files without events. */
  createNow(path: string, data: string, options?: DataWriteOptions & { silent?: boolean }): TFile {
    const normalized = normalizePath(path);
    if (this.entries.has(normalized)) throw new Error('File already exists.');
    const parent = this.getFolderByPath(parentPath(normalized));
    if (!parent) throw new Error(`Folder does not exist: ${parentPath(normalized)}`);
    const time = this.now();
    const stat: FileStats = { ctime: options?.ctime ?? time, mtime: options?.mtime ?? time, size: byteLength(data) };
    const file = new TFile(this, normalized, stat);
    file.parent = parent;
    parent.children.push(file);
    this.entries.set(normalized, file);
    this.contents.set(normalized, data);
    if (!options?.silent) this.emit('create', file);
    return file;
  }

  /** @internal Creates `path` and its missing parents, firing `create` for each new folder. */
  ensureFolder(path: string, emit: boolean): TFolder {
    if (path === '/' || path === '') return this.root;
    const existing = this.entries.get(path);
    if (existing instanceof TFolder) return existing;
    if (existing) throw new Error(`A file exists at ${path}`);
    const parent = this.ensureFolder(parentPath(path), emit);
    const folder = new TFolder(this, path);
    folder.parent = parent;
    parent.children.push(folder);
    this.entries.set(path, folder);
    if (emit) this.emit('create', folder);
    return folder;
  }

  private writeNow(file: TFile, data: string, options?: DataWriteOptions): void {
    if (!this.contents.has(file.path)) throw new Error(`File not found: ${file.path}`);
    this.contents.set(file.path, data);
    file.stat = { ctime: options?.ctime ?? file.stat.ctime, mtime: options?.mtime ?? this.now(), size: byteLength(data) };
    this.emit('modify', file);
  }

  private deleteNow(file: TAbstractFile): void {
    if (file instanceof TFolder) for (const child of [...file.children]) this.deleteNow(child);
    detachFromParent(file);
    this.entries.delete(file.path);
    this.contents.delete(file.path);
    this.emit('delete', file);
  }

  private emit(type: 'create' | 'modify' | 'delete' | 'rename', file: TAbstractFile, oldPath?: string): void {
    if (type === 'rename') this.trigger(type, file, oldPath);
    else this.trigger(type, file);
    this.writeHook?.({ type, file, oldPath });
  }
}

function parentPath(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash > 0 ? path.slice(0, slash) : '/';
}

function detachFromParent(file: TAbstractFile): void {
  if (!file.parent) return;
  file.parent.children = file.parent.children.filter((child) => child !== file);
}

function byteLength(data: string): number {
  return new TextEncoder().encode(data).length;
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function latin1(data: ArrayBuffer): string {
  const bytes = new Uint8Array(data);
  let text = '';
  for (let index = 0; index < bytes.length; index += 8192) text += String.fromCharCode(...bytes.subarray(index, index + 8192));
  return text;
}

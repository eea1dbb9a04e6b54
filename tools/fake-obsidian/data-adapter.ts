import type { DataWriteOptions } from 'obsidian';
import { TFile, TFolder } from './files';
import type { Vault } from './vault';
import { normalizePath } from './utils';

/** `stat` result of the adapter. */
export interface FakeStat {
  type: 'file' | 'folder';
  ctime: number;
  mtime: number;
  size: number;
}

/**
 * Obsidian's `DataAdapter`: path-based access. Visible files go through the vault (so vault
 * events fire, as Obsidian's file watcher would make them); hidden paths (the config folder and
 * anything under a dot-folder), which Obsidian does not index, live in a separate store.
 */
export class DataAdapter {
  private readonly hiddenFiles = new Map<string, { data: string; ctime: number; mtime: number }>();
  private readonly hiddenFolders = new Set<string>();

  constructor(private readonly vault: Vault) {}

  /** @internal Every hidden file (the config folder among them) and its text, for a synced copy. */
  hiddenEntries(): [string, string][] {
    return [...this.hiddenFiles].map(([path, file]) => [path, file.data]);
  }

  /** The vault name. */
  getName(): string {
    return this.vault.getName();
  }

  /** Whether a file or folder exists at the path. */
  exists(normalizedPath: string, sensitive?: boolean): Promise<boolean> {
    void sensitive;
    const path = normalizePath(normalizedPath);
    if (isHidden(path)) return Promise.resolve(this.hiddenFiles.has(path) || this.hiddenFolders.has(path));
    return Promise.resolve(this.vault.getAbstractFileByPath(path) !== null);
  }

  /** Type, times and size, or null. */
  async stat(normalizedPath: string): Promise<FakeStat | null> {
    const path = normalizePath(normalizedPath);
    const hidden = this.hiddenFiles.get(path);
    if (hidden) return { type: 'file', ctime: hidden.ctime, mtime: hidden.mtime, size: hidden.data.length };
    if (this.hiddenFolders.has(path)) return { type: 'folder', ctime: 0, mtime: 0, size: 0 };
    const entry = this.vault.getAbstractFileByPath(path);
    if (entry instanceof TFile) return { type: 'file', ...entry.stat };
    if (entry instanceof TFolder) return { type: 'folder', ctime: 0, mtime: 0, size: 0 };
    return Promise.resolve(null);
  }

  /** Direct children of a folder, as full paths. */
  list(normalizedPath: string): Promise<{ files: string[]; folders: string[] }> {
    const path = normalizePath(normalizedPath);
    const prefix = path === '/' ? '' : `${path}/`;
    const direct = (candidate: string): boolean => candidate.startsWith(prefix) && !candidate.slice(prefix.length).includes('/');
    const files = [...this.hiddenFiles.keys()].filter(direct);
    const folders = [...this.hiddenFolders].filter(direct);
    const folder = this.vault.getFolderByPath(path);
    for (const child of folder?.children ?? []) (child instanceof TFolder ? folders : files).push(child.path);
    return Promise.resolve({ files, folders });
  }

  /** Reads a file; rejects when it does not exist. */
  async read(normalizedPath: string): Promise<string> {
    const path = normalizePath(normalizedPath);
    const hidden = this.hiddenFiles.get(path);
    if (hidden) return hidden.data;
    const file = this.vault.getFileByPath(path);
    if (!file) throw new Error(`ENOENT: no such file, open '${path}'`);
    return this.vault.read(file);
  }

  /** Writes a file, creating it (and, for hidden paths, its folders). */
  async write(normalizedPath: string, data: string, options?: DataWriteOptions): Promise<void> {
    const path = normalizePath(normalizedPath);
    if (isHidden(path)) {
      const now = options?.mtime ?? Date.now();
      const previous = this.hiddenFiles.get(path);
      this.addHiddenFolders(parentOf(path));
      this.hiddenFiles.set(path, { data, ctime: previous?.ctime ?? options?.ctime ?? now, mtime: now });
      return;
    }
    const file = this.vault.getFileByPath(path);
    if (file) await this.vault.modify(file, data, options);
    else {
      this.vault.ensureFolder(parentOf(path), true);
      await this.vault.create(path, data, options);
    }
  }

  /** Appends to a file, creating it if needed. */
  async append(normalizedPath: string, data: string, options?: DataWriteOptions): Promise<void> {
    const current = (await this.exists(normalizedPath)) ? await this.read(normalizedPath) : '';
    await this.write(normalizedPath, current + data, options);
  }

  /** Atomic read-transform-write. */
  async process(normalizedPath: string, fn: (data: string) => string, options?: DataWriteOptions): Promise<string> {
    const path = normalizePath(normalizedPath);
    const file = this.vault.getFileByPath(path);
    if (file) return this.vault.process(file, fn, options);
    const hidden = this.hiddenFiles.get(path);
    if (!hidden) throw new Error(`ENOENT: no such file, open '${path}'`);
    const next = fn(hidden.data);
    hidden.data = next;
    hidden.mtime = options?.mtime ?? Date.now();
    return next;
  }

  /** Creates a folder and its parents. */
  mkdir(normalizedPath: string): Promise<void> {
    const path = normalizePath(normalizedPath);
    if (isHidden(path)) this.addHiddenFolders(path);
    else this.vault.ensureFolder(path, true);
    return Promise.resolve();
  }

  /** Removes a file. */
  async remove(normalizedPath: string): Promise<void> {
    const path = normalizePath(normalizedPath);
    if (this.hiddenFiles.delete(path)) return;
    const file = this.vault.getFileByPath(path);
    if (!file) throw new Error(`ENOENT: no such file, unlink '${path}'`);
    await this.vault.delete(file);
  }

  /** Removes a folder. */
  async rmdir(normalizedPath: string, recursive: boolean): Promise<void> {
    const path = normalizePath(normalizedPath);
    if (this.hiddenFolders.has(path)) {
      const inside = (candidate: string): boolean => candidate === path || candidate.startsWith(`${path}/`);
      if (!recursive && [...this.hiddenFiles.keys()].some(inside)) throw new Error(`ENOTEMPTY: directory not empty, rmdir '${path}'`);
      for (const key of [...this.hiddenFiles.keys()]) if (inside(key)) this.hiddenFiles.delete(key);
      for (const key of [...this.hiddenFolders]) if (inside(key)) this.hiddenFolders.delete(key);
      return;
    }
    const folder = this.vault.getFolderByPath(path);
    if (!folder) throw new Error(`ENOENT: no such directory, rmdir '${path}'`);
    if (!recursive && folder.children.length > 0) throw new Error(`ENOTEMPTY: directory not empty, rmdir '${path}'`);
    await this.vault.delete(folder, true);
  }

  private addHiddenFolders(path: string): void {
    let current = path;
    while (current !== '/' && current !== '' && isHidden(current)) {
      this.hiddenFolders.add(current);
      current = parentOf(current);
    }
  }
}

/** Obsidian does not index dot-folders (the config folder among them). */
function isHidden(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('.'));
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash > 0 ? path.slice(0, slash) : '/';
}

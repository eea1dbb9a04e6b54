import type { FileStats } from 'obsidian';
import type { Vault } from './vault';

/** Obsidian's `TAbstractFile`: a file or a folder in the vault. */
export abstract class TAbstractFile {
  /** The vault it lives in. */
  vault: Vault;
  /** Vault-relative path with `/` separators; `/` for the root. */
  path: string;
  /** Last path segment. */
  name: string;
  /** Parent folder; null for the root. */
  parent: TFolder | null = null;

  constructor(vault: Vault, path: string) {
    this.vault = vault;
    this.path = path;
    this.name = lastSegment(path);
  }

  /** @internal Moves the file to a new path (the vault keeps the tree in step). */
  setPath(path: string): void {
    this.path = path;
    this.name = lastSegment(path);
  }
}

/** Obsidian's `TFile`. */
export class TFile extends TAbstractFile {
  /** Times and size. */
  stat: FileStats;
  /** Name without extension. */
  basename = '';
  /** Extension without the dot, e.g. `md`. */
  extension = '';

  constructor(vault: Vault, path: string, stat: FileStats) {
    super(vault, path);
    this.stat = stat;
    this.setPath(path);
  }

  override setPath(path: string): void {
    super.setPath(path);
    const dot = this.name.lastIndexOf('.');
    this.basename = dot > 0 ? this.name.slice(0, dot) : this.name;
    this.extension = dot > 0 ? this.name.slice(dot + 1) : '';
  }
}

/** Obsidian's `TFolder`. */
export class TFolder extends TAbstractFile {
  /** Files and folders directly inside. */
  children: TAbstractFile[] = [];

  /** True for the vault root. */
  isRoot(): boolean {
    return this.path === '/';
  }
}

function lastSegment(path: string): string {
  if (path === '/') return '';
  const slash = path.lastIndexOf('/');
  return slash >= 0 ? path.slice(slash + 1) : path;
}

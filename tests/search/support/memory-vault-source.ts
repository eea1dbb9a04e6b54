import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { VaultChange, VaultNoteInfo, VaultSource } from '../../../src/search/vault-source';

/** The vault the search tests share: tests/fixtures/vault. */
export const FIXTURE_VAULT = join(__dirname, '..', '..', 'fixtures', 'vault');

/** A fixed "now" for the fixture notes' mtimes: 2024-06-01T12:00:00Z. */
export const FIXTURE_NOW = Date.UTC(2024, 5, 1, 12);
const DAY = 86_400_000;

/**
 * An in-memory vault that counts reads and lets tests create, edit, rename and delete notes,
 * announcing each change to `onChange` listeners like a host would.
 */
export class MemoryVaultSource implements VaultSource {
  private readonly files = new Map<string, { text: string; mtime: number }>();
  private readonly listeners = new Set<(change: VaultChange) => void>();
  /** Paths read, in order. */
  readonly reads: string[] = [];

  constructor(notes: Record<string, string | { text: string; mtime: number }> = {}) {
    for (const [path, note] of Object.entries(notes)) this.files.set(path, typeof note === 'string' ? { text: note, mtime: FIXTURE_NOW } : note);
  }

  listNotes(): Promise<readonly VaultNoteInfo[]> {
    return Promise.resolve([...this.files.keys()].sort().map((path) => this.info(path)));
  }

  read(path: string): Promise<string> {
    this.reads.push(path);
    const file = this.files.get(path);
    return file ? Promise.resolve(file.text) : Promise.reject(new Error(`No note at ${path}`));
  }

  onChange(listener: (change: VaultChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Writes a note (creating it when new) and announces the change. */
  write(path: string, text: string, mtime = FIXTURE_NOW): VaultChange {
    const existed = this.files.has(path);
    this.files.set(path, { text, mtime });
    return this.emit({ type: existed ? 'modify' : 'create', note: this.info(path) });
  }

  /** Writes without announcing it, as if edited while the app was closed. */
  writeSilently(path: string, text: string, mtime: number): void {
    this.files.set(path, { text, mtime });
  }

  remove(path: string, silently = false): VaultChange {
    this.files.delete(path);
    const change: VaultChange = { type: 'delete', path };
    return silently ? change : this.emit(change);
  }

  rename(oldPath: string, newPath: string): VaultChange {
    const file = this.files.get(oldPath)!;
    this.files.delete(oldPath);
    this.files.set(newPath, file);
    return this.emit({ type: 'rename', oldPath, note: this.info(newPath) });
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  private info(path: string): VaultNoteInfo {
    const file = this.files.get(path)!;
    return { path, mtime: file.mtime, size: new TextEncoder().encode(file.text).byteLength };
  }

  private emit(change: VaultChange): VaultChange {
    for (const listener of this.listeners) listener(change);
    return change;
  }
}

/**
 * The fixture vault in memory (only `.md` files outside dot-folders and node_modules, as the
 * Node source lists them). Journal notes get the date in their name as mtime; every other
 * note is dated by its position, one day apart from 2024-01-01 (so none falls in May 2024).
 */
export function fixtureVault(): MemoryVaultSource {
  const notes: Record<string, { text: string; mtime: number }> = {};
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const absolute = join(dir, entry.name);
      if (entry.isDirectory()) walk(absolute);
      else if (entry.name.endsWith('.md')) {
        const path = relative(FIXTURE_VAULT, absolute).split(sep).join('/');
        const dated = /(\d{4})-(\d{2})-(\d{2})\.md$/.exec(path);
        const mtime = dated ? Date.UTC(Number(dated[1]), Number(dated[2]) - 1, Number(dated[3]), 12) : Date.UTC(2024, 0, 1, 12) + Object.keys(notes).length * DAY;
        notes[path] = { text: readFileSync(absolute, 'utf8'), mtime };
      }
    }
  };
  walk(FIXTURE_VAULT);
  return new MemoryVaultSource(notes);
}

/** Yields with setImmediate: fast in tests, and still a real macrotask turn. */
export const immediate = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

import type { DataAdapter } from 'obsidian';
import type { ChatSession } from '../../chat';

/** A session as kept between runs of the plugin: its id (a restored tab names it), its note, and the text being typed. */
export interface SavedSession {
  readonly id: string;
  readonly notePath: string;
  readonly draft: string;
}

/** What {@link SavedSessions} reads and writes. */
export interface SavedSessionsOptions {
  readonly adapter: Pick<DataAdapter, 'exists' | 'read' | 'write'>;
  /** The file, in the plugin's folder beside `data.json`. */
  readonly path: string;
  /** The sessions held now. */
  readonly sessions: () => readonly ChatSession[];
  /** How long typing must pause before the file is written. */
  readonly delayMs?: number;
}

/**
 * The sessions' saved state (DESIGN.md 13.2): every session with text typed for its next
 * question, written a moment after typing pauses (and at unload), read back when the plugin
 * loads, so the text survives a restart. Not the settings: typing never rewrites `data.json`.
 */
export class SavedSessions {
  private timer: number | null = null;
  private written = '';

  constructor(private readonly options: SavedSessionsOptions) {}

  /** The sessions saved by the last run; none when the file is missing or unreadable. */
  async load(): Promise<readonly SavedSession[]> {
    const { adapter, path } = this.options;
    try {
      if (!(await adapter.exists(path))) return [];
      const text = await adapter.read(path);
      this.written = text;
      return parseSavedSessions(JSON.parse(text) as unknown);
    } catch {
      return [];
    }
  }

  /** Saves again a moment after `session`'s typed text changes. */
  watch(session: ChatSession): void {
    session.draft.onText(() => this.saveSoon());
  }

  /** Writes the sessions now if they changed since the last write (the plugin unloads). */
  save(): Promise<void> {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = null;
    const sessions: SavedSession[] = this.options.sessions()
      .filter((session) => session.draft.text.trim() !== '')
      .map((session) => ({ id: session.id, notePath: session.notePath, draft: session.draft.text }));
    const text = JSON.stringify({ sessions });
    if (text === this.written) return Promise.resolve();
    this.written = text;
    // A failed write is tried again at the next change.
    return this.options.adapter.write(this.options.path, text).catch(() => {
      this.written = '';
    });
  }

  private saveSoon(): void {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.save(), this.options.delayMs ?? 500);
  }
}

/** The well-formed entries of a saved file; anything else is left out. */
export function parseSavedSessions(data: unknown): SavedSession[] {
  const list: unknown = typeof data === 'object' && data !== null ? (data as { sessions?: unknown }).sessions : null;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { id, notePath, draft } = entry as Record<string, unknown>;
    if (typeof id !== 'string' || id === '' || typeof draft !== 'string' || draft === '') return [];
    return [{ id, notePath: typeof notePath === 'string' ? notePath : '', draft }];
  });
}

import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  mergeConversationIntoNote,
  parseConversationNote,
  serializeConversationNote,
  uniqueNotePath,
  withMessageIds,
  type Conversation,
} from '../conversation';

/** Default vault folder of conversation notes (the plugin's setting has the same default). */
export const DEFAULT_CONVERSATION_FOLDER = 'Glassbox/Conversations';

/** Options of {@link NodeConversationStore}. */
export interface NodeConversationStoreOptions {
  /** The vault's folder on disk. */
  readonly vaultDir: string;
  /** Vault-relative folder of conversation notes. */
  readonly folder?: string;
}

/** Where a save went. */
export interface NodeSaveResult {
  /** Vault-relative, `/`-separated. */
  readonly path: string;
  readonly created: boolean;
}

/**
 * Saves conversation notes from the CLI with Node's `fs`, in the same format and by the same
 * merge rule as the plugin. A conversation already saved (same frontmatter id in the folder) is
 * merged into its note; otherwise a new note is named from the first question. Writes go to a
 * temporary file renamed over the note, so a crash never leaves half a note.
 */
export class NodeConversationStore {
  private readonly vaultDir: string;
  private readonly folder: string;

  constructor(options: NodeConversationStoreOptions) {
    this.vaultDir = options.vaultDir;
    this.folder = (options.folder ?? DEFAULT_CONVERSATION_FOLDER).replace(/^\/+|\/+$/g, '');
  }

  /**
   * Saves the conversation and says where. `note` names the note it was opened from (`ask
   * --continue`), which is merged into wherever it lives, as long as it still holds this conversation.
   */
  async save(input: Conversation, options: { note?: string; adoptNoteWithoutId?: boolean } = {}): Promise<NodeSaveResult> {
    const conversation = withMessageIds(input);
    const existing = options.note ?? (conversation.id === '' ? null : await this.findById(conversation.id));
    if (existing !== null) {
      // The CLI keeps no earlier save in memory; with an empty baseline every message already in
      // the note keeps the note's version (with any edit the user made) and new ones are appended.
      const current = await readFile(this.absolute(existing), 'utf8');
      const merged = mergeConversationIntoNote({ currentText: current, conversation, baseline: new Map(), adoptNoteWithoutId: options.adoptNoteWithoutId === true });
      if (merged.ok) {
        await this.writeAtomically(existing, merged.text);
        return { path: existing, created: false };
      }
    }
    await mkdir(this.absolute(this.folder), { recursive: true });
    const taken = new Set((await readdir(this.absolute(this.folder))).map((name) => name.toLowerCase()));
    const path = uniqueNotePath({
      folder: this.folder,
      title: conversation.title,
      exists: (candidate) => taken.has(candidate.slice(candidate.lastIndexOf('/') + 1).toLowerCase()),
    });
    await this.writeAtomically(path, serializeConversationNote(conversation));
    return { path, created: true };
  }

  /** The vault-relative path of the note in the folder whose frontmatter id is `id`, or null. */
  async findById(id: string): Promise<string | null> {
    let names: string[];
    try {
      names = await readdir(this.absolute(this.folder));
    } catch {
      return null;
    }
    for (const name of names.filter((candidate) => candidate.endsWith('.md')).sort()) {
      const path = this.folder === '' ? name : `${this.folder}/${name}`;
      const parsed = parseConversationNote(await readFile(this.absolute(path), 'utf8').catch(() => ''));
      if (parsed.ok && parsed.value.id === id) return path;
    }
    return null;
  }

  private absolute(vaultPath: string): string {
    return join(this.vaultDir, ...vaultPath.split('/').filter((part) => part !== ''));
  }

  private async writeAtomically(path: string, text: string): Promise<void> {
    const target = this.absolute(path);
    const temporary = `${target}.glassbox-${process.pid}.tmp`;
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, target);
  }
}

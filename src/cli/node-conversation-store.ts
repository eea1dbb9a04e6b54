import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  mergeConversationIntoNote,
  parseConversationNote,
  serializeConversationNote,
  uniqueNotePath,
  withMessageIds,
  type Conversation,
} from '../conversation';
import { inertFileText } from '../inert';
import { NodeVaultSource } from './node-vault-source';
import { assertNoSymlinks, ensureRealFolder, withNoteLock, writeNoteAtomically } from './vault-note-file';

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
 * temporary file renamed over the note, so a crash never leaves half a note (vault-note-file.ts).
 * Nothing is saved through a symbolic link. A merge reads the note under its lock file, at
 * write time, so two processes saving one note both keep their turns (DESIGN.md 12.6).
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
  async save(input: Conversation, options: { note?: string; adoptNoteWithoutId?: boolean; baseline?: ReadonlyMap<string, string> } = {}): Promise<NodeSaveResult> {
    const conversation = withMessageIds(input);
    const existing = options.note ?? (conversation.id === '' ? null : await this.findById(conversation.id));
    if (existing !== null) {
      await assertNoSymlinks(this.vaultDir, existing);
      const slash = existing.lastIndexOf('/');
      const folder = await ensureRealFolder(this.vaultDir, slash === -1 ? '' : existing.slice(0, slash));
      const name = existing.slice(slash + 1);
      // The baseline holds the messages read from the note (`ask --continue`); without one every
      // message already in the note keeps the note's version (with any edit the user made), and
      // only new ones are appended.
      const saved = await withNoteLock(folder, name, async () => {
        await assertNoSymlinks(this.vaultDir, existing);
        const current = await readFile(join(folder, name), 'utf8');
        const merged = mergeConversationIntoNote({ currentText: current, conversation, baseline: options.baseline ?? new Map(), adoptNoteWithoutId: options.adoptNoteWithoutId === true, resolvesNote: await this.resolver(conversation) });
        if (!merged.ok) return false;
        await writeNoteAtomically(folder, name, inertFileText(merged.text, { path: existing, before: current }));
        return true;
      });
      if (saved) return { path: existing, created: false };
    }
    const folder = await ensureRealFolder(this.vaultDir, this.folder);
    for (let attempt = 0; ; attempt += 1) {
      const taken = new Set((await readdir(folder)).map((name) => name.toLowerCase()));
      const path = uniqueNotePath({
        folder: this.folder,
        title: conversation.title,
        exists: (candidate) => taken.has(candidate.slice(candidate.lastIndexOf('/') + 1).toLowerCase()),
      });
      try {
        await writeNoteAtomically(folder, path.slice(path.lastIndexOf('/') + 1), inertFileText(serializeConversationNote(conversation, { resolvesNote: await this.resolver(conversation) }), { path }), { exclusive: true });
        return { path, created: true };
      } catch (error) {
        // Another save took the name between the listing and the write: name it again.
        if ((error as { code?: unknown }).code !== 'EEXIST' || attempt >= 10) throw error;
      }
    }
  }

  /**
   * Whether a cited `[[target]]` names a note of the vault, as Obsidian resolves a link: the path
   * without `.md`, or its end after a `/` (case aside). The vault is listed only when an answer links something.
   */
  private async resolver(conversation: Conversation): Promise<((target: string) => boolean) | undefined> {
    if (!conversation.messages.some((message) => message.role === 'assistant' && message.content.includes('[['))) return undefined;
    const stems = (await new NodeVaultSource(this.vaultDir).listNotes()).map((note) => note.path.toLowerCase().replace(/\.md$/, ''));
    return (target) => {
      const wanted = target.toLowerCase().replace(/\.md$/, '');
      return stems.some((stem) => stem === wanted || stem.endsWith(`/${wanted}`));
    };
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
}

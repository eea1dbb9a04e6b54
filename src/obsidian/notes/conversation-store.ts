import { normalizePath, type MetadataCache, type TFile, type Vault } from 'obsidian';
import { MessageVersions } from './message-versions';
import {
  baselineOf,
  createConversationId,
  CONVERSATION_TAG,
  listConversations,
  mergeConversationIntoNote,
  parseConversationNote,
  serializeConversationNote,
  titleFromQuestion,
  uniqueNotePath,
  withMessageIds,
  type Conversation,
  type ConversationNoteFormat,
  type ConversationSummary,
  type ConversationWarning,
} from '../../conversation';
import { inertFileText } from '../../inert';

/** Options of {@link ConversationStore}. */
export interface ConversationStoreOptions {
  readonly vault: Vault;
  /** Used to find a note by its frontmatter id without reading every file. */
  readonly metadataCache?: MetadataCache;
  /** The conversations folder setting, read at each save so a change applies at once. */
  readonly folder: () => string;
}

/** A conversation opened from a note, ready for the chat view. */
export interface OpenedConversation {
  readonly conversation: Conversation;
  readonly warnings: readonly ConversationWarning[];
  readonly format: ConversationNoteFormat;
  /** The note later saves go to; null for an imported note (its chat continues in a new Glassbox note). */
  readonly file: TFile | null;
}

/** Where a save went. */
export interface SaveOutcome {
  readonly file: TFile;
  readonly created: boolean;
  /** The conversation as saved: every message has an id (and the conversation one, if it lacked it). Keep it. */
  readonly conversation: Conversation;
}

/**
 * Saves and opens conversation notes through Obsidian's `Vault` (DESIGN.md 6). The chat view calls
 * {@link ConversationStore.save} once when a turn ends (complete, stopped, error or awaiting
 * input), never per streamed chunk. An existing note is updated with `vault.process` and the
 * merge rule of `mergeConversationIntoNote`, so edits the user made meanwhile are kept; the same
 * conversation always goes to the same note, found by frontmatter id after a restart or a rename.
 */
export class ConversationStore {
  private readonly vault: Vault;
  private readonly metadataCache: MetadataCache | undefined;
  private readonly folder: () => string;
  private readonly files = new Map<string, TFile>();
  private readonly versions = new MessageVersions();
  /** Notes opened without an id: the first save writes the id into that note instead of a new one. */
  private readonly adopted = new Set<string>();
  /** One save at a time per conversation, so two quick saves cannot both create a note. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(options: ConversationStoreOptions) {
    this.vault = options.vault;
    this.metadataCache = options.metadataCache;
    this.folder = options.folder;
  }

  /** Opens a note as a conversation; null when it is not one. Never throws for a damaged note. */
  async open(file: TFile): Promise<OpenedConversation | null> {
    const parsed = parseConversationNote(await this.vault.read(file));
    if (!parsed.ok) return null;
    if (parsed.format === 'imported') {
      const conversation = { ...parsed.value, id: createConversationId(), extraFrontmatter: [{ key: 'tags', text: `tags:\n  - ${CONVERSATION_TAG}` }] };
      return { conversation: withMessageIds(conversation), warnings: parsed.warnings, format: parsed.format, file: null };
    }
    let conversation = withMessageIds(parsed.value);
    if (conversation.id === '') {
      conversation = { ...conversation, id: createConversationId() };
      this.adopted.add(conversation.id);
    }
    this.files.set(conversation.id, file);
    this.versions.record(conversation.id, baselineOf(conversation));
    return { conversation, warnings: parsed.warnings, format: parsed.format, file };
  }

  /** Saves the conversation at the end of a turn. */
  save(conversation: Conversation): Promise<SaveOutcome> {
    const ready = withMessageIds(conversation.id === '' ? { ...conversation, id: createConversationId() } : conversation);
    const previous = this.queues.get(ready.id) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.saveNow(ready));
    this.queues.set(ready.id, next);
    return next;
  }

  /** The conversations in the folder, newest first, optionally filtered. */
  list(filter = ''): Promise<ConversationSummary[]> {
    const vault = this.vault;
    return listConversations(
      {
        listNotes: () => Promise.resolve(vault.getMarkdownFiles().map((file) => ({ path: file.path, mtime: file.stat.mtime, size: file.stat.size }))),
        read: (path) => {
          const file = vault.getFileByPath(path);
          return file === null ? Promise.reject(new Error(`No note at ${path}`)) : vault.cachedRead(file);
        },
      },
      { folder: this.folderPath(), filter },
    );
  }

  /** The note holding the conversation with this id: remembered, else found by its frontmatter id. */
  async findFile(id: string): Promise<TFile | null> {
    const remembered = this.files.get(id);
    // A renamed note keeps its TFile; a deleted one is gone from the vault.
    if (remembered !== undefined && this.vault.getFileByPath(remembered.path) === remembered) return remembered;
    const files = this.vault.getMarkdownFiles();
    for (const file of files) {
      const frontmatter = this.metadataCache?.getFileCache(file)?.frontmatter;
      if (frontmatter !== undefined && String(frontmatter.id) === id) return file;
    }
    // Without a metadata cache entry (a note written a moment ago), read the notes of the folder.
    const folder = this.folderPath();
    for (const file of files.filter((candidate) => folder === '' || candidate.path.startsWith(`${folder}/`))) {
      const parsed = parseConversationNote(await this.vault.cachedRead(file));
      if (parsed.ok && parsed.value.id === id) return file;
    }
    return null;
  }

  private async saveNow(conversation: Conversation): Promise<SaveOutcome> {
    const file = await this.findFile(conversation.id);
    if (file !== null) {
      let merged = false;
      await this.vault.process(file, (current) => {
        const result = mergeConversationIntoNote({
          currentText: current,
          conversation,
          baseline: this.versions.baselineFor(conversation),
          adoptNoteWithoutId: this.adopted.has(conversation.id),
          resolvesNote: this.resolver(file.path),
        });
        if (!result.ok) return current;
        // Nothing that runs or loads is added to the note (the user's own edits stay as they are).
        const text = inertFileText(result.text, { path: file.path, before: current });
        merged = true;
        this.versions.record(conversation.id, result.baseline);
        return text;
      });
      if (merged) {
        this.adopted.delete(conversation.id);
        this.files.set(conversation.id, file);
        return { file, created: false, conversation };
      }
    }
    return this.createNote(conversation);
  }

  private async createNote(input: Conversation): Promise<SaveOutcome> {
    const folder = this.folderPath();
    if (folder !== '' && this.vault.getAbstractFileByPath(folder) === null) {
      // Another save may create it between the check and the call; that is fine.
      await this.vault.createFolder(folder).catch(() => undefined);
    }
    const title = input.title !== '' ? input.title : titleFromQuestion(input.messages.find((message) => message.role === 'user')?.content ?? '');
    const conversation = { ...input, title };
    // Compared without case: two names differing only in case are one file on Windows and macOS.
    const taken = new Set(this.vault.getAllLoadedFiles().map((file) => file.path.toLowerCase()));
    const path = uniqueNotePath({ folder, title, exists: (candidate) => taken.has(candidate.toLowerCase()) });
    const file = await this.vault.create(path, inertFileText(serializeConversationNote(conversation, { resolvesNote: this.resolver(path) }), { path }));
    this.files.set(conversation.id, file);
    this.versions.record(conversation.id, baselineOf(conversation));
    return { file, created: true, conversation };
  }

  /** Whether a cited `[[target]]` is a note of the vault, seen from the note at `path` (without a metadata cache, any name a note could have). */
  private resolver(path: string): ((target: string) => boolean) | undefined {
    const cache = this.metadataCache;
    return cache === undefined ? undefined : (target) => cache.getFirstLinkpathDest(target, path) !== null;
  }

  private folderPath(): string {
    const folder = normalizePath(this.folder().trim());
    return folder === '/' ? '' : folder.replace(/^\/+|\/+$/g, '');
  }
}

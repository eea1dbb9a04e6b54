import type { VaultSource } from '../search';
import { shownMessages } from './answer-alternates';
import { parseConversationNote, type ConversationNoteFormat } from './parse-note';
import { readGlassboxNote } from './read-glassbox-note';

/** One row of the history list. */
export interface ConversationSummary {
  /** Vault-relative path of the note. */
  readonly path: string;
  /** Frontmatter id; empty for an imported note. */
  readonly id: string;
  readonly title: string;
  /** Epoch ms. */
  readonly createdAt: number;
  /** Epoch ms; the sort key (newest first). */
  readonly updatedAt: number;
  readonly messageCount: number;
  /** The first question, for the filter and a tooltip. */
  readonly firstQuestion: string;
  readonly format: ConversationNoteFormat;
  /** Whether the note's properties or message metadata could not all be read (markers are not checked here). */
  readonly hasWarnings: boolean;
}

/** Options of {@link listConversations}. */
export interface ListConversationsOptions {
  /** Only notes under this vault-relative folder ('' or absent: the whole vault). */
  readonly folder?: string;
  /** Keep only conversations whose title or first question contains this text (case-insensitive). */
  readonly filter?: string;
}

/** The conversations among a source's notes, newest first. Notes that are not conversations are skipped. */
export async function listConversations(source: VaultSource, options: ListConversationsOptions = {}): Promise<ConversationSummary[]> {
  const folder = (options.folder ?? '').replace(/^\/+|\/+$/g, '');
  const notes = (await source.listNotes()).filter((note) => note.path.endsWith('.md') && (folder === '' || note.path.startsWith(`${folder}/`)));
  const summaries: ConversationSummary[] = [];
  for (const note of notes) {
    let text: string;
    try {
      text = await source.read(note.path);
    } catch {
      continue; // Deleted between listing and reading: simply not in the history.
    }
    const summary = summarizeConversationNote(note.path, text, note.mtime);
    if (summary !== null) summaries.push(summary);
  }
  return filterConversations(sortConversations(summaries), options.filter ?? '');
}

/** The summary of one note's text, or null when it is not a conversation. `mtime` dates notes with no times. */
export function summarizeConversationNote(path: string, text: string, mtime = 0): ConversationSummary | null {
  // The history lists many notes: skip the per-answer marker check the chat view needs.
  const reading = readGlassboxNote(text, { checkMarkers: false });
  const parsed = reading.hasMessages ? { ok: true as const, value: reading.conversation, warnings: reading.warnings, format: 'glassbox' as const } : parseConversationNote(text);
  if (!parsed.ok) return null;
  const conversation = parsed.value;
  const stem = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/, '');
  return {
    path,
    id: conversation.id,
    title: conversation.title !== '' ? conversation.title : stem,
    createdAt: conversation.createdAt || mtime,
    updatedAt: conversation.updatedAt || mtime,
    // As the chat shows it: a regenerated answer's alternates count once.
    messageCount: shownMessages(conversation.messages).length,
    firstQuestion: conversation.messages.find((message) => message.role === 'user')?.content ?? '',
    format: parsed.format,
    hasWarnings: parsed.warnings.length > 0,
  };
}

/** Newest first; ties by title so the order is stable. */
export function sortConversations(summaries: readonly ConversationSummary[]): ConversationSummary[] {
  return [...summaries].sort((first, second) => second.updatedAt - first.updatedAt || first.title.localeCompare(second.title));
}

/** Keeps the summaries whose title, first question or path contains every word of `filter` (case-insensitive). */
export function filterConversations(summaries: readonly ConversationSummary[], filter: string): ConversationSummary[] {
  const words = filter.toLocaleLowerCase().split(/\s+/).filter((word) => word !== '');
  if (words.length === 0) return [...summaries];
  return summaries.filter((summary) => {
    const haystack = `${summary.title}\n${summary.firstQuestion}\n${summary.path}`.toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

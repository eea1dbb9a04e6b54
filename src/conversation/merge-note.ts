import type { Conversation, ConversationMessage } from './conversation';
import { withMessageIds } from './conversation';
import { formatTime } from './frontmatter';
import { readGlassboxNote } from './read-glassbox-note';
import { runProperties } from './run-properties';
import { serializeFrontmatter, serializeMessageSection, type SerializeOptions } from './serialize-note';
import { upgradeTrailerLine } from './upgrade-trailer';
import { yamlString } from './yaml-scalar';

/**
 * The save merge rule (docs/conversation-format.md, "Saving"). Runs inside `Vault.process` on
 * the note's current text, so whatever the user changed since the last save is in hand:
 *
 * - every byte the user wrote stays: the preamble, text between messages, other properties,
 *   and their edits to earlier messages;
 * - a message Glassbox changed since the last save (a turn that was waiting for input and is now
 *   answered) is rewritten in place; a new message is appended at the end of the note;
 * - a message the user deleted from the note is not brought back;
 * - only the `updated` and `model` properties are rewritten.
 *
 * "Changed since the last save" is decided by {@link fingerprintMessage}: the caller keeps the
 * fingerprints the last save (or the opening of the note) returned, as `baseline`.
 */
export interface MergeNoteOptions extends SerializeOptions {
  /** The note's text as it is now. */
  readonly currentText: string;
  /** The conversation as the chat holds it. */
  readonly conversation: Conversation;
  /** Message id → fingerprint, from the previous save or from opening the note. */
  readonly baseline: ReadonlyMap<string, string>;
  /**
   * The caller opened this very note and it had no `id` (written by hand): accept it and write
   * the conversation's id (and, if the note has no properties at all, the whole block) into it.
   */
  readonly adoptNoteWithoutId?: boolean;
}

/** What {@link mergeConversationIntoNote} did. */
export type MergeNoteResult =
  | {
      readonly ok: true;
      readonly text: string;
      /** Fingerprints to pass as `baseline` to the next save. */
      readonly baseline: ReadonlyMap<string, string>;
      /** Messages appended at the end. */
      readonly appended: number;
      /** Messages rewritten in place. */
      readonly rewritten: number;
      /** Trailers of the earlier format rewritten to store each tool result once. */
      readonly upgraded: number;
    }
  /** The note now holds another conversation (its `id` differs or is gone): save to a new note instead. */
  | { readonly ok: false; readonly reason: 'different_conversation' };

/** A short hash of everything a message's section holds, to tell whether it changed. */
export function fingerprintMessage(message: ConversationMessage): string {
  // Alternates' fields join only when present, so every earlier message keeps its fingerprint.
  const alternate = message.alternateOf === undefined && message.shownAt === undefined ? [] : [message.alternateOf ?? null, message.shownAt ?? null];
  const text = JSON.stringify([message.role, message.at, message.content, message.transcript ?? null, message.pendingInput ?? null, message.context ?? null, message.attachments ?? null, ...alternate]);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${text.length.toString(36)}.${(hash >>> 0).toString(36)}`;
}

/** Fingerprints of every message with an id: the baseline right after opening or saving a note. */
export function baselineOf(conversation: Conversation): Map<string, string> {
  const baseline = new Map<string, string>();
  for (const message of conversation.messages) if (message.id !== undefined) baseline.set(message.id, fingerprintMessage(message));
  return baseline;
}

/** Applies the merge rule; pure, never throws. */
export function mergeConversationIntoNote(options: MergeNoteOptions): MergeNoteResult {
  const conversation = withMessageIds(options.conversation);
  const reading = readGlassboxNote(options.currentText, { checkMarkers: false });
  const adopt = reading.conversation.id === '' && options.adoptNoteWithoutId === true && conversation.id !== '';
  if (!adopt && (reading.conversation.id === '' || reading.conversation.id !== conversation.id)) return { ok: false, reason: 'different_conversation' };
  const { lines, sections, frontmatter, eol } = reading.layout;
  const sectionById = new Map<string, number>();
  reading.conversation.messages.forEach((message, index) => {
    if (message.id !== undefined && !sectionById.has(message.id)) sectionById.set(message.id, index);
  });
  // Line-range replacements, applied bottom-up so earlier ranges keep their numbers.
  const replacements: { start: number; end: number; lines: string[] }[] = [];
  const appended: string[] = [];
  const nextBaseline = new Map<string, string>();
  let rewritten = 0;
  const rewrittenSections = new Set<number>();
  for (const message of conversation.messages) {
    const id = message.id as string;
    const fingerprint = fingerprintMessage(message);
    nextBaseline.set(id, fingerprint);
    const index = sectionById.get(id);
    if (index === undefined) {
      if (!options.baseline.has(id)) appended.push(serializeMessageSection(message, options));
      continue;
    }
    // Rewritten only on evidence that Glassbox changed it: with no baseline entry the note's version stands.
    const before = options.baseline.get(id);
    if (before === undefined || before === fingerprint) continue;
    const section = sections[index];
    const end = section.trailerLine >= 0 ? section.trailerLine + 1 : section.endLine;
    const fresh = serializeMessageSection(message, options).split('\n');
    fresh.pop();
    // A section typed by hand had no trailer; keep one blank line before whatever follows it.
    if (section.trailerLine < 0 && end < lines.length) fresh.push('');
    replacements.push({ start: section.headerLine, end, lines: fresh });
    rewrittenSections.add(index);
    rewritten += 1;
  }
  let upgraded = 0;
  sections.forEach((section, index) => {
    if (!section.inlineToolResults || section.trailerLine < 0 || rewrittenSections.has(index)) return;
    const line = upgradeTrailerLine(lines[section.trailerLine], reading.conversation.messages[index]);
    if (line === null) return;
    replacements.push({ start: section.trailerLine, end: section.trailerLine + 1, lines: [line] });
    upgraded += 1;
  });
  const hasBlock = frontmatter.openLine === 0;
  if (adopt && !hasBlock) {
    const block = serializeFrontmatter(conversation, options).split('\n');
    block.pop();
    replacements.push({ start: 0, end: 0, lines: [...block, ''] });
  } else if (adopt) {
    replacements.push({ start: 1, end: 1, lines: [`id: ${yamlString(conversation.id)}`] });
  }
  // The keys a save owns; the run properties reach an older note on its next save.
  const owned: readonly (readonly [string, readonly string[]])[] = hasBlock
    ? [['updated', [`updated: ${formatTime(conversation.updatedAt)}`]], ['model', [`model: ${yamlString(conversation.model)}`]], ...runProperties(conversation)]
    : [];
  // A missing key goes where the serializer puts it: before the next owned key the note has, else after the last one.
  let missing: string[] = [];
  let after = frontmatter.closeLine;
  for (const [key, ownLines] of owned) {
    const entry = frontmatter.entries.find((candidate) => candidate.key === key);
    if (entry === undefined) {
      missing.push(...ownLines);
      continue;
    }
    if (missing.length > 0) replacements.push({ start: entry.startLine, end: entry.startLine, lines: missing });
    missing = [];
    replacements.push({ start: entry.startLine, end: entry.endLine, lines: [...ownLines] });
    after = entry.endLine;
  }
  if (missing.length > 0 && frontmatter.closeLine > 0) replacements.push({ start: after, end: after, lines: missing });
  const out = [...lines];
  replacements.sort((first, second) => second.start - first.start || second.end - first.end);
  for (const replacement of replacements) out.splice(replacement.start, replacement.end - replacement.start, ...replacement.lines);
  let text = out.join('\n');
  if (appended.length > 0) {
    if (text !== '' && !text.endsWith('\n')) text += '\n';
    text += appended.map((section) => `\n${section}`).join('');
  }
  return {
    ok: true,
    text: eol === '\n' ? text : text.replace(/\n/g, '\r\n'),
    baseline: nextBaseline,
    appended: appended.length,
    rewritten,
    upgraded,
  };
}

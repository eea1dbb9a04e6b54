import type { AttachedImageRecord, AttachedNoteRecord, MessageAttachments } from './conversation';

/** Starts the line under a question that lists its attachments. */
export const ATTACHMENTS_LINE_PREFIX = '📎 ';

/**
 * The line under a question listing what was attached (DESIGN.md 11.1), for people and for
 * Obsidian's links: `📎 [[Projects/Alpha.md|Alpha]] · [[Notes/Draft.md|Draft]] lines 3–7 · scope: Projects/, `#meeting``.
 * Scope tags are code, so the conversation note is not tagged with them; a link that named no note
 * is plain text, so the note gets no unresolved link. Without `asLinks`, names only (the chat shows it as text).
 */
export function formatAttachmentsLine(attachments: MessageAttachments, asLinks = true): string {
  const parts = [...attachments.notes.map((note) => noteLink(note, asLinks)), ...(attachments.images ?? []).map((image) => imageEmbed(image, asLinks))];
  for (const link of attachments.missingLinks ?? []) parts.push(`${oneLine(link)} (not found)`);
  const scope = [...(attachments.scope?.folders ?? []).map((folder) => `${oneLine(folder)}/`), ...(attachments.scope?.tags ?? []).map((tag) => (asLinks ? `\`#${oneLine(tag)}\`` : `#${oneLine(tag)}`))];
  if (scope.length > 0) parts.push(`scope: ${scope.join(', ')}`);
  return `${ATTACHMENTS_LINE_PREFIX}${parts.join(' · ')}`;
}

function noteLink(note: AttachedNoteRecord, asLink: boolean): string {
  const name = note.path.replace(/^.*\//, '').replace(/\.md$/i, '');
  // A path Obsidian cannot link to (it holds link syntax) is shown as code instead.
  const link = !asLink ? name : /[[\]|#^\n]/.test(note.path) ? `\`${oneLine(note.path).replace(/`/g, "'")}\`` : `[[${note.path}|${name}]]`;
  const lines = note.lines !== undefined ? ` lines ${note.lines.from}–${note.lines.to}` : '';
  const cut = note.notice !== undefined ? ' (not sent)' : note.cut === true ? ' (cut)' : '';
  return `${link}${lines}${cut}`;
}

/** A vault image embedded (`![[path]]`, so the note shows it), another named as text. */
function imageEmbed(image: AttachedImageRecord, asLink: boolean): string {
  if (image.path === undefined) return `${oneLine(image.name)} (image, not in the vault)`;
  return !asLink || /[[\]|#^\n]/.test(image.path) ? `${oneLine(image.name)} (image)` : `![[${image.path}]]`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Whether `value` is a {@link MessageAttachments} as a trailer may hold it (each note with its kind, path and size). */
export function isMessageAttachments(value: unknown): value is MessageAttachments {
  const { notes, missingLinks, scope, images } = (value ?? {}) as Record<string, unknown>;
  if (images !== undefined && !(Array.isArray(images) && images.every((image: Partial<Record<keyof AttachedImageRecord, unknown>> | null) => typeof image?.name === 'string' && typeof image.bytes === 'number' && (image.path === undefined || typeof image.path === 'string')))) return false;
  const { folders, tags } = (scope ?? {}) as Record<string, unknown>;
  if (![missingLinks, folders, tags].every((list) => list === undefined || (Array.isArray(list) && list.every((entry) => typeof entry === 'string')))) return false;
  return Array.isArray(notes) && notes.every((note: Partial<Record<keyof AttachedNoteRecord, unknown>> | null) => ['note', 'link', 'selection'].includes(note?.kind as string) && typeof note?.path === 'string' && typeof note.chars === 'number');
}

import type { AttachedNoteRecord, MessageAttachments } from './conversation';

/** Starts the line under a question that lists its attachments. */
export const ATTACHMENTS_LINE_PREFIX = '📎 ';

/**
 * The line under a question listing what was attached (DESIGN.md 11.1), for people and for
 * Obsidian's links: `📎 [[Projects/Alpha.md|Alpha]] · [[Notes/Draft.md|Draft]] lines 3–7 · scope: Projects/, `#meeting``.
 * Scope tags are code, so the conversation note is not tagged with them; a link that named no note
 * is plain text, so the note gets no unresolved link.
 */
export function formatAttachmentsLine(attachments: MessageAttachments): string {
  const parts = attachments.notes.map(noteLink);
  for (const link of attachments.missingLinks ?? []) parts.push(`${oneLine(link)} (not found)`);
  const scope = [...(attachments.scope?.folders ?? []).map((folder) => `${oneLine(folder)}/`), ...(attachments.scope?.tags ?? []).map((tag) => `\`#${oneLine(tag)}\``)];
  if (scope.length > 0) parts.push(`scope: ${scope.join(', ')}`);
  return `${ATTACHMENTS_LINE_PREFIX}${parts.join(' · ')}`;
}

function noteLink(note: AttachedNoteRecord): string {
  const name = note.path.replace(/^.*\//, '').replace(/\.md$/i, '');
  // A path Obsidian cannot link to (it holds link syntax) is shown as code instead.
  const link = /[[\]|#^\n]/.test(note.path) ? `\`${oneLine(note.path).replace(/`/g, "'")}\`` : `[[${note.path}|${name}]]`;
  const lines = note.lines !== undefined ? ` lines ${note.lines.from}–${note.lines.to}` : '';
  const cut = note.notice !== undefined ? ' (not sent)' : note.cut === true ? ' (cut)' : '';
  return `${link}${lines}${cut}`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Whether `value` is a {@link MessageAttachments} as a trailer may hold it. */
export function isMessageAttachments(value: unknown): value is MessageAttachments {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  if (!Array.isArray(record.notes) || !record.notes.every(isNoteRecord)) return false;
  if (record.missingLinks !== undefined && !isStringList(record.missingLinks)) return false;
  if (record.scope === undefined) return true;
  if (typeof record.scope !== 'object' || record.scope === null) return false;
  const scope = record.scope as Record<string, unknown>;
  return (scope.folders === undefined || isStringList(scope.folders)) && (scope.tags === undefined || isStringList(scope.tags));
}

function isNoteRecord(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const note = value as Record<string, unknown>;
  const lines = note.lines as Record<string, unknown> | undefined;
  return (
    (note.kind === 'note' || note.kind === 'link' || note.kind === 'selection') &&
    typeof note.path === 'string' &&
    typeof note.chars === 'number' &&
    (lines === undefined || (typeof lines === 'object' && lines !== null && typeof lines.from === 'number' && typeof lines.to === 'number'))
  );
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}

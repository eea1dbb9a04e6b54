import type { AttachedImageRecord, AttachedNoteRecord, MessageAttachments } from './conversation';
import { t } from '../i18n';

/** Starts the line under a question that lists its attachments. */
export const ATTACHMENTS_LINE_PREFIX = '📎 ';

/**
 * The line under a question listing what was attached (DESIGN.md 11.1), for people and for
 * Obsidian's links: `📎 [[Projects/Alpha.md|Alpha]] · [[Notes/Draft.md|Draft]] lines 3–7 · scope: Projects/, `#meeting``.
 * Scope tags are code, so the conversation note is not tagged with them; a link that named no note
 * is plain text, so the note gets no unresolved link. Without `asLinks`, names only (the chat shows it as text),
 * in the UI's language; the note's line stays English, since reading a note compares it with this line.
 */
export function formatAttachmentsLine(attachments: MessageAttachments, asLinks = true): string {
  const words = asLinks ? NOTE_WORDS : uiWords();
  const parts = [...attachments.notes.map((note) => noteLink(note, asLinks, words)), ...(attachments.images ?? []).map((image) => imageEmbed(image, asLinks, words))];
  for (const link of attachments.missingLinks ?? []) parts.push(words.notFound(oneLine(link)));
  const scope = [...(attachments.scope?.folders ?? []).map((folder) => `${oneLine(folder)}/`), ...(attachments.scope?.tags ?? []).map((tag) => (asLinks ? `\`#${oneLine(tag)}\`` : `#${oneLine(tag)}`))];
  if (scope.length > 0) parts.push(words.scope(scope.join(', ')));
  return `${ATTACHMENTS_LINE_PREFIX}${parts.join(' · ')}`;
}

/** The words of the line around the names. */
interface LineWords {
  lines(from: number, to: number): string;
  readonly notSent: string;
  readonly cut: string;
  image(name: string): string;
  imageOutside(name: string): string;
  notFound(link: string): string;
  scope(scope: string): string;
}

/** The saved note's words: fixed, as the note format reads them back. */
const NOTE_WORDS: LineWords = {
  lines: (from, to) => ` lines ${from}–${to}`,
  notSent: ' (not sent)',
  cut: ' (cut)',
  image: (name) => `${name} (image)`,
  imageOutside: (name) => `${name} (image, not in the vault)`,
  notFound: (link) => `${link} (not found)`,
  scope: (scope) => `scope: ${scope}`,
};

function uiWords(): LineWords {
  return {
    lines: (from, to) => t('attachments.lines', { from: String(from), to: String(to) }),
    notSent: t('attachments.notSent'),
    cut: t('attachments.cut'),
    image: (name) => t('attachments.image', { name }),
    imageOutside: (name) => t('attachments.imageOutside', { name }),
    notFound: (link) => t('attachments.notFound', { link }),
    scope: (scope) => t('attachments.scope', { scope }),
  };
}

function noteLink(note: AttachedNoteRecord, asLink: boolean, words: LineWords): string {
  const name = note.path.replace(/^.*\//, '').replace(/\.md$/i, '');
  // A path Obsidian cannot link to (it holds link syntax) is shown as code instead.
  const link = !asLink ? name : /[[\]|#^\n]/.test(note.path) ? `\`${oneLine(note.path).replace(/`/g, "'")}\`` : `[[${note.path}|${name}]]`;
  const lines = note.lines !== undefined ? words.lines(note.lines.from, note.lines.to) : '';
  const cut = note.notice !== undefined ? words.notSent : note.cut === true ? words.cut : '';
  return `${link}${lines}${cut}`;
}

/** A vault image embedded (`![[path]]`, so the note shows it), another named as text. */
function imageEmbed(image: AttachedImageRecord, asLink: boolean, words: LineWords): string {
  if (image.path === undefined) return words.imageOutside(oneLine(image.name));
  return !asLink || /[[\]|#^\n]/.test(image.path) ? words.image(oneLine(image.name)) : `![[${image.path}]]`;
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

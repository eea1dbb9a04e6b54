import type { AttachedContext, ContextAttachment, QuestionContext } from '../../agent';
import type { ContextNotes } from './context-notes';
import { cutToBudget, looksBinary } from './context-text';
import { questionLinks } from './question-links';
import { t } from '../../i18n';

/** An attachment before the budget is shared out: everything but what is sent. */
type Unsent = Omit<ContextAttachment, 'text' | 'cut'> & { readonly full: string };

/**
 * Reads what a question attaches (DESIGN.md 11.1): the selection, the notes given by path, and the
 * notes its `[[links]]` name, resolved like Obsidian (from the selection's or first note's folder,
 * so a duplicate name resolves to the closest note). The text is shared out under `budgetTokens`
 * (about 4 characters a token), smaller attachments whole first. Never throws: a missing,
 * unreadable or binary-looking note is attached with a notice and no text; a link to no note is
 * listed in `missingLinks`.
 */
export async function attachQuestionContext(options: { question: string; context?: QuestionContext; notes: ContextNotes; budgetTokens: number }): Promise<AttachedContext> {
  const { notes, context = {} } = options;
  const { selection } = context;
  const unsent: Unsent[] = selection ? [{ kind: 'selection', path: selection.path, lines: { from: selection.fromLine, to: selection.toLine }, chars: selection.text.length, full: selection.text }] : [];
  const seen = new Set<string>();
  const attach = async (path: string, kind: 'note' | 'link', linktext?: string): Promise<void> => {
    if (seen.has(path)) return;
    seen.add(path);
    unsent.push(await read(notes, { kind, path, ...(linktext !== undefined ? { linktext } : {}) }));
  };
  for (const path of context.notes ?? []) await attach(path, 'note');
  const missingLinks: string[] = [];
  for (const linktext of questionLinks(options.question)) {
    const path = notes.resolve(linktext, selection?.path ?? context.notes?.[0] ?? '');
    if (path === undefined) missingLinks.push(linktext);
    // An embedded image is the images' business (sent, or said not sent), never a note read as text.
    else if (!IMAGE_FILE.test(path)) await attach(path, 'link', linktext);
  }
  const budgetTokens = Math.max(1, Math.floor(options.budgetTokens));
  const texts = cutToBudget(
    unsent.map((attachment) => attachment.full),
    budgetTokens * 4,
  );
  const attachments = unsent.map(({ full, ...attachment }, index): ContextAttachment => ({ ...attachment, text: texts[index], cut: texts[index].length < full.length }));
  const folders = (context.scope?.folders ?? []).map((folder) => folder.trim().replace(/^\/+|\/+$/g, '')).filter(Boolean);
  const tags = (context.scope?.tags ?? []).map((tag) => tag.trim().replace(/^#/, '')).filter(Boolean);
  const scope = folders.length + tags.length > 0 ? { folders, tags } : undefined;
  return { attachments, missingLinks, budgetTokens, ...(context.prompt ? { prompt: context.prompt } : {}), ...(scope ? { scope, ...(notes.countInScope ? { scopeNotes: await notes.countInScope(scope) } : {}) } : {}) };
}

const IMAGE_FILE = /\.(?:png|jpe?g|gif|webp|svg|bmp|avif|heic)$/i;

async function read(notes: ContextNotes, base: Pick<ContextAttachment, 'kind' | 'path' | 'linktext'>): Promise<Unsent> {
  const hidden = notes.readableByTools?.(base.path) === false ? { hiddenFromTools: true as const } : {};
  const unsent = (full: string, notice?: string): Unsent => ({ ...base, ...hidden, chars: full.length, full: notice ? '' : full, ...(notice ? { notice } : {}) });
  if (!notes.has(base.path)) return unsent('', t('trace.attachmentMissing'));
  try {
    const text = await notes.read(base.path);
    return looksBinary(text) ? unsent(text, t('trace.attachmentBinary')) : unsent(text);
  } catch (error) {
    return unsent('', t('trace.attachmentUnreadable', { reason: error instanceof Error ? error.message : String(error) }));
  }
}

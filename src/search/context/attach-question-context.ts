import { type AttachedContext, type ContextAttachment, type QuestionContext, type QuestionScope } from '../../agent';
import type { ContextNotes } from './context-notes';
import { cutToBudget, looksBinary } from './context-text';
import { questionLinks } from './question-links';

/** One attachment before the budget is shared out. */
interface Candidate {
  readonly attachment: Omit<ContextAttachment, 'text' | 'cut'>;
  readonly text: string;
}

/**
 * Reads what a question attaches (DESIGN.md 11.1): the selection, the notes given by path, and the
 * notes its `[[links]]` name, resolved like Obsidian (from the selection's or first note's folder,
 * so a duplicate name resolves to the closest note). The text is shared out under `budgetTokens`
 * (about 4 characters a token), smaller attachments whole first. Never throws: a missing,
 * unreadable or binary-looking note is attached with a notice and no text; a link to no note is
 * listed in `missingLinks`.
 */
export async function attachQuestionContext(options: { question: string; context?: QuestionContext; notes: ContextNotes; budgetTokens: number }): Promise<AttachedContext> {
  const { question, notes } = options;
  const context = options.context ?? {};
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  const selection = context.selection;
  if (selection !== undefined) {
    candidates.push({ attachment: { kind: 'selection', path: selection.path, lines: { from: selection.fromLine, to: selection.toLine }, chars: selection.text.length }, text: selection.text });
  }
  for (const path of context.notes ?? []) {
    if (seen.has(path)) continue;
    seen.add(path);
    candidates.push(await readCandidate(notes, path, { kind: 'note', path }));
  }
  const sourcePath = selection?.path ?? context.notes?.[0] ?? '';
  const missingLinks: string[] = [];
  for (const linktext of questionLinks(question)) {
    const path = notes.resolve(linktext, sourcePath);
    if (path === undefined) {
      missingLinks.push(linktext);
      continue;
    }
    if (seen.has(path)) continue;
    seen.add(path);
    candidates.push(await readCandidate(notes, path, { kind: 'link', path, linktext }));
  }
  const budgetTokens = Math.max(1, Math.floor(options.budgetTokens));
  const texts = cutToBudget(
    candidates.map((candidate) => candidate.text),
    budgetTokens * 4,
  );
  const attachments = candidates.map((candidate, index): ContextAttachment => ({ ...candidate.attachment, text: texts[index], cut: texts[index].length < candidate.attachment.chars }));
  const scope = cleanScope(context.scope);
  return {
    attachments,
    missingLinks,
    ...(scope !== undefined ? { scope, ...(notes.countInScope !== undefined ? { scopeNotes: notes.countInScope(scope) } : {}) } : {}),
    budgetTokens,
  };
}

async function readCandidate(notes: ContextNotes, path: string, base: Pick<ContextAttachment, 'kind' | 'path' | 'linktext'>): Promise<Candidate> {
  if (!notes.has(path)) return { attachment: { ...base, chars: 0, notice: 'not found in the vault; nothing sent' }, text: '' };
  let text: string;
  try {
    text = await notes.read(path);
  } catch (error) {
    const reason = error instanceof Error && error.message !== '' ? ` (${error.message.replace(/\s+/g, ' ').slice(0, 80)})` : '';
    return { attachment: { ...base, chars: 0, notice: `could not be read${reason}; nothing sent` }, text: '' };
  }
  if (looksBinary(text)) return { attachment: { ...base, chars: text.length, notice: 'looks like binary data, not text; nothing sent' }, text: '' };
  return { attachment: { ...base, chars: text.length }, text };
}

function cleanScope(scope: QuestionScope | undefined): QuestionScope | undefined {
  const folders = (scope?.folders ?? []).map((folder) => folder.trim().replace(/^\/+|\/+$/g, '')).filter((folder) => folder !== '');
  const tags = (scope?.tags ?? []).map((tag) => tag.trim().replace(/^#/, '')).filter((tag) => tag !== '');
  if (folders.length === 0 && tags.length === 0) return undefined;
  return { ...(folders.length > 0 ? { folders } : {}), ...(tags.length > 0 ? { tags } : {}) };
}

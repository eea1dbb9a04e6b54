import { clampLine, clampText } from './clamp-text';
import type { AttachedContext, ContextAttachment } from './question-context';
import { estimateTokens } from './question-context';
import type { StepInput } from './run-recorder';

/**
 * The run's first trace step (DESIGN.md 11.1): what the user attached, with sizes, and the scope.
 * Readers that do not know the `context` kind show it as a thought bullet (docs/decisions/context-step.md).
 */
export function contextStep(id: string, context: AttachedContext): StepInput {
  const scope = describeScope(context);
  const parts = context.attachments.length > 0 ? [`Attached ${context.attachments.map((attachment) => describe(attachment, false)).join(', ')}`] : [];
  if (scope !== '') parts.push(`scope: ${scope}`);
  const lines = context.attachments.map((attachment) => `- ${describe(attachment, true)}`);
  for (const link of context.missingLinks) lines.push(`- [[${link}]]: no such note, not attached`);
  if (scope !== '') lines.push(`Scope: ${scope}${context.scopeNotes === undefined ? '' : ` (${context.scopeNotes} notes)`}; vault tools see only these and the attached notes.`);
  return { id, kind: 'context', summary: clampLine(parts.join('; ') || 'Nothing attached', 120), detail: clampText(lines.join('\n'), 2000) };
}

/**
 * What must not hide in the context step's detail, each a `notice` step: the budget cut, a note
 * not sent (missing, unreadable, binary-looking), links to no note, a scope matching no note.
 */
export function contextNotices(context: AttachedContext): string[] {
  const notices: string[] = [];
  const cut = context.attachments.filter((attachment) => attachment.cut && attachment.notice === undefined);
  if (cut.length > 0) notices.push(`Attached text cut to the ${context.budgetTokens.toLocaleString('en-US')}-token context budget: ${cut.map((attachment) => describe(attachment, false)).join(', ')}`);
  for (const attachment of context.attachments) if (attachment.notice !== undefined) notices.push(`${attachment.path}: ${attachment.notice}`);
  if (context.missingLinks.length > 0) notices.push(`No note found for ${context.missingLinks.map((link) => `[[${link}]]`).join(', ')}; nothing attached for it`);
  if (context.scopeNotes === 0) notices.push(`The scope (${describeScope(context)}) matches no note; vault tools will find nothing outside the attached notes`);
  return notices.map((notice) => clampLine(notice, 120));
}

/** The attachments as the first request carries them, before the question: each marked with its vault path, a cut one saying so. */
export function contextPreamble(context: AttachedContext): string {
  const lines = context.attachments
    .filter((attachment) => attachment.text !== '')
    .map(({ kind, path, lines: range, text, chars, cut }) => {
      const what = kind === 'selection' && range !== undefined ? `Selection from ${path}, lines ${range.from}-${range.to}` : `Note ${path}`;
      return `<attached path=${JSON.stringify(path)}>\n${what}${cut ? ` (cut: first ${text.length} of ${chars} characters; read the rest with readNote)` : ''}:\n\n${text}\n</attached>\n`;
    });
  if (lines.length > 0) lines.unshift('The user attached these to the question (cite them as [[links]] like any note):\n');
  if (context.missingLinks.length > 0) lines.push(`The question links ${context.missingLinks.map((link) => `[[${link}]]`).join(', ')}, but no note by that name exists.\n`);
  const scope = describeScope(context);
  if (scope !== '') lines.push(`The vault tools are limited to this scope: ${scope}.\n`);
  return lines.length === 0 ? '' : `${lines.join('\n')}\nQuestion:\n`;
}

/** `Plan (~3.1k tokens, cut)`, or with `full` the path, how it came and what was sent. */
function describe(attachment: ContextAttachment, full: boolean): string {
  const { kind, path, lines, linktext, chars, text, cut, notice } = attachment;
  const name = full ? (kind === 'link' ? `[[${linktext ?? path}]] → ${path}` : path) : path.replace(/^.*\//, '').replace(/\.md$/i, '');
  const where = kind === 'selection' && lines !== undefined ? ` lines ${lines.from}–${lines.to}` : '';
  const size = notice !== undefined ? 'not sent' : cut ? `sent ${tokens(text.length)} of ${tokens(chars)}` : tokens(chars);
  return full ? `${name}${where}: ${size}${notice !== undefined ? `; ${notice}` : ''}` : `${name}${where} (${size.replace(/^sent /, '')})`;
}

function describeScope(context: AttachedContext): string {
  return [...(context.scope?.folders ?? []).map((folder) => `${folder}/`), ...(context.scope?.tags ?? []).map((tag) => `#${tag}`)].join(', ');
}

function tokens(chars: number): string {
  const count = estimateTokens(chars);
  return count >= 1000 ? `~${(count / 1000).toFixed(1)}k tokens` : `~${count} tokens`;
}

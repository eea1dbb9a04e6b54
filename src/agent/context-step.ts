import { clampLine, clampText } from './clamp-text';
import { type AttachedContext, type ContextAttachment, type PromptUse, type QuestionImage, describeBytes, describeScope, estimateTokens } from './question-context';
import type { StepInput } from './run-recorder';
import { formatNumber, t, uiLanguage } from '../i18n';

/**
 * The run's first trace step (DESIGN.md 11.1): what the user attached, with sizes, and the scope.
 * Readers that do not know the `context` kind show it as a thought bullet (docs/decisions/context-step.md).
 */
export function contextStep(id: string, context: AttachedContext, images: readonly QuestionImage[] = []): StepInput {
  const scope = describeScope(context.scope);
  const names = [...context.attachments.map((attachment) => describe(attachment, false)), ...images.map((image) => t('trace.imageAttached', { name: image.name, size: describeBytes(image.bytes) }))];
  const lines = [
    ...context.attachments.map((attachment) => `- ${describe(attachment, true)}`),
    ...images.map((image) => `- ${t('trace.imageLine', { name: image.path ?? image.name, size: describeBytes(image.bytes) })}`),
    ...context.missingLinks.map((link) => `- ${t('trace.noSuchNote', { link })}`),
  ];
  if (scope) lines.push(t('trace.scopeDetail', { scope, count: context.scopeNotes ?? '?' }));
  const { prompt } = context;
  // A prompt that sets its model or loop says so: that question ran with them, not the chat's.
  const named = prompt && `${t('trace.prompt', { name: prompt.name })}${promptRunsWith(prompt)}`;
  if (prompt) lines.unshift(`${named}${prompt.variables.length > 0 ? `: ${prompt.variables.map(({ variable, filled }) => `${variable} → ${filled}`).join(', ')}` : ''}`);
  const summary = [named ?? '', names.length > 0 ? t('trace.attached', { names: names.join(', ') }) : '', scope && t('trace.scope', { scope })].filter(Boolean).join('; ');
  return { id, kind: 'context', summary: clampLine(summary, 120), detail: clampText(lines.join('\n'), 2000) };
}

/**
 * What must not hide in the context step's detail, each a `notice` step: the budget cut, a note
 * not sent (missing, unreadable, binary-looking), links to no note, a scope matching no note.
 */
export function contextNotices(context: AttachedContext): string[] {
  const cut = context.attachments.filter((attachment) => attachment.cut && !attachment.notice);
  const notices = context.attachments.flatMap((attachment) => (attachment.notice ? [`${attachment.path}: ${attachment.notice}`] : []));
  if (cut.length > 0) notices.unshift(t('trace.budgetCut', { budget: context.budgetTokens, names: cut.map((attachment) => describe(attachment, false)).join(', ') }));
  if (context.missingLinks.length > 0) notices.push(t('trace.linksNotFound', { links: links(context.missingLinks) }));
  if (context.scopeNotes === 0) notices.push(t('trace.scopeEmpty', { scope: describeScope(context.scope) }));
  return notices.map((notice) => clampLine(notice, 120));
}

/** The attachments as the first request carries them, before the question: each marked with its vault path, a cut one saying so. */
export function contextPreamble(context: AttachedContext): string {
  const parts = context.attachments
    .filter((attachment) => attachment.text)
    .map(({ kind, path, lines, text, chars, cut, hiddenFromTools }) => {
      const what = kind === 'selection' && lines ? `Selection from ${path}, lines ${lines.from}-${lines.to}` : `Note ${path}`;
      // Only a note the tools can open is said to have its rest in readNote: a saved conversation is refused there.
      const rest = hiddenFromTools ? 'the rest was not sent and no tool can read it' : 'readNote has the rest';
      return `<attached path=${JSON.stringify(path)}>\n${what}${cut ? ` (cut: first ${text.length} of ${chars} characters; ${rest})` : ''}:\n\n${text}\n</attached>\n`;
    });
  if (parts.length > 0) parts.unshift('The user attached these (cite them as [[links]]):\n');
  if (context.missingLinks.length > 0) parts.push(`No note exists for ${links(context.missingLinks)}.\n`);
  const scope = describeScope(context.scope);
  if (scope) parts.push(`The vault tools are limited to: ${scope}.\n`);
  return parts.length > 0 ? `${parts.join('\n')}\nQuestion:\n` : '';
}

/** `Plan (~3.1k tokens)`, or with `full` the path, how it came and what was sent. */
function describe({ kind, path, lines, linktext, chars, text, cut, notice }: ContextAttachment, full: boolean): string {
  const name = !full ? path.replace(/^.*\//, '').replace(/\.md$/i, '') : kind === 'link' ? `[[${linktext}]] → ${path}` : path;
  const size = notice ? t('trace.notSent') : cut ? t('trace.cutSize', { sent: tokens(text.length), total: tokens(chars) }) : tokens(chars);
  const named = lines ? t('trace.attachmentLines', { name, from: String(lines.from), to: String(lines.to) }) : name;
  return `${named}${full ? `: ${size}${notice ? `; ${notice}` : ''}` : ` (${size})`}`;
}

/** ` (model qwen3:8b, loop reason-act-observe)`, as the prompt's frontmatter wrote them: what its question ran with; empty when it sets neither. */
function promptRunsWith({ model, loop }: PromptUse): string {
  const parts = [model !== undefined ? t('trace.promptModel', { model }) : '', loop !== undefined ? t('trace.promptLoop', { loop }) : ''].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

function links(names: readonly string[]): string {
  return names.map((name) => `[[${name}]]`).join(', ');
}

function tokens(chars: number): string {
  const count = estimateTokens(chars);
  if (count < 1000) return t('trace.tokens', { count: String(count) });
  // English keeps its "3.1k"; other languages write thousands their own way ("3,1 Tsd.", "3.1千").
  return t('trace.tokens', { count: uiLanguage() === 'en' ? `${(count / 1000).toFixed(1)}k` : formatNumber(count, { notation: 'compact', minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
}

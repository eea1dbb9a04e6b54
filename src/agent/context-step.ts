import { clampLine, clampText } from './clamp-text';
import type { AttachedContext, ContextAttachment } from './question-context';
import { estimateTokens } from './question-context';
import type { StepInput } from './run-recorder';

/**
 * The run's first trace step (DESIGN.md 11.1): what the user attached, as names and sizes, and
 * the scope. The structured list rides along as the step's `context` field (kept on a round trip,
 * read by `inspect`); readers that do not know the `context` kind show it as a thought bullet.
 */
export function contextStep(id: string, context: AttachedContext): StepInput {
  const names = context.attachments.map(shortName);
  const parts: string[] = [];
  if (names.length > 0) parts.push(`Attached ${names.join(', ')}`);
  if (context.missingLinks.length > 0) parts.push(`not found: ${context.missingLinks.map((link) => `[[${link}]]`).join(', ')}`);
  const scope = describeScope(context);
  if (scope !== null) parts.push(`scope: ${scope}`);
  const lines = context.attachments.map(describeAttachment);
  for (const link of context.missingLinks) lines.push(`- [[${link}]]: no note by that name, not attached`);
  if (scope !== null) lines.push(`Scope: ${scope}${context.scopeNotes === undefined ? '' : ` (${context.scopeNotes === 1 ? '1 note' : `${context.scopeNotes} notes`})`}; vault tools see only these notes and the attached ones.`);
  return {
    id,
    kind: 'context',
    summary: clampLine(parts.join('; ') || 'Nothing attached', 120),
    detail: clampText(lines.join('\n'), 2000),
    context: {
      attachments: context.attachments.map(({ kind, path, lines: range, linktext, chars, text, cut, notice }) => ({
        kind,
        path,
        ...(range !== undefined ? { lines: range } : {}),
        ...(linktext !== undefined ? { linktext } : {}),
        chars,
        sentChars: text.length,
        cut,
        ...(notice !== undefined ? { notice } : {}),
      })),
      missingLinks: context.missingLinks,
      ...(context.scope !== undefined ? { scope: context.scope } : {}),
      ...(context.scopeNotes !== undefined ? { scopeNotes: context.scopeNotes } : {}),
      budgetTokens: context.budgetTokens,
    },
  };
}

/**
 * Notices that must not hide in the context step's detail: the budget cut, unreadable or
 * binary-looking notes, missing links, a scope that matches no note. Each becomes a `notice` step.
 */
export function contextNotices(context: AttachedContext): string[] {
  const notices: string[] = [];
  const cut = context.attachments.filter((attachment) => attachment.cut && attachment.notice === undefined);
  if (cut.length > 0) {
    notices.push(`Attached text cut to the ${context.budgetTokens.toLocaleString('en-US')}-token context budget: ${cut.map((attachment) => `${shortName(attachment)} (sent ${tokens(attachment.text.length)} of ${tokens(attachment.chars)})`).join(', ')}`);
  }
  for (const attachment of context.attachments) if (attachment.notice !== undefined) notices.push(`${attachment.path}: ${attachment.notice}`);
  if (context.missingLinks.length > 0) notices.push(`No note found for ${context.missingLinks.map((link) => `[[${link}]]`).join(', ')}; nothing attached for ${context.missingLinks.length === 1 ? 'it' : 'them'}`);
  if (context.scopeNotes === 0) notices.push(`The scope (${describeScope(context) ?? ''}) matches no note; vault tools will find nothing outside the attached notes`);
  return notices.map((notice) => clampLine(notice, 120));
}

/**
 * The attachments as the first request carries them, before the question: each marked with its
 * vault path, cut ones saying so, so the model never takes a cut note for the whole.
 */
export function contextPreamble(context: AttachedContext): string {
  const blocks = context.attachments
    .filter((attachment) => attachment.text !== '')
    .map((attachment) => {
      const what = attachment.kind === 'selection' && attachment.lines !== undefined ? `Selection from ${attachment.path}, lines ${attachment.lines.from}-${attachment.lines.to}` : `Note ${attachment.path}`;
      const cut = attachment.cut ? ` (cut: first ${attachment.text.length} of ${attachment.chars} characters; read the rest with readNote)` : '';
      return `<attached path=${JSON.stringify(attachment.path)}>\n${what}${cut}:\n\n${attachment.text}\n</attached>`;
    });
  const scope = describeScope(context);
  const lines: string[] = [];
  if (blocks.length > 0) lines.push('The user attached these to the question (cite them as [[links]] like any note):', '', blocks.join('\n\n'), '');
  if (context.missingLinks.length > 0) lines.push(`The question links ${context.missingLinks.map((link) => `[[${link}]]`).join(', ')}, but no note by that name exists.`, '');
  if (scope !== null) lines.push(`The vault tools are limited to this scope: ${scope}.`, '');
  return lines.length === 0 ? '' : `${lines.join('\n')}Question:\n`;
}

function shortName(attachment: ContextAttachment): string {
  const name = attachment.path.replace(/^.*\//, '').replace(/\.md$/i, '');
  const size = attachment.notice !== undefined && attachment.text === '' ? 'not sent' : `${tokens(attachment.chars)}${attachment.cut ? ', cut' : ''}`;
  return attachment.kind === 'selection' && attachment.lines !== undefined ? `${name} lines ${attachment.lines.from}–${attachment.lines.to} (${size})` : `${name} (${size})`;
}

function describeAttachment(attachment: ContextAttachment): string {
  const how = attachment.kind === 'link' ? `[[${attachment.linktext ?? attachment.path}]] → ${attachment.path}` : attachment.kind === 'selection' && attachment.lines !== undefined ? `${attachment.path} lines ${attachment.lines.from}–${attachment.lines.to} (selection)` : attachment.path;
  const size = attachment.cut ? `sent ${tokens(attachment.text.length)} of ${tokens(attachment.chars)}` : tokens(attachment.chars);
  return `- ${how}: ${size}${attachment.notice !== undefined ? `; ${attachment.notice}` : ''}`;
}

function describeScope(context: AttachedContext): string | null {
  const folders = context.scope?.folders ?? [];
  const tags = context.scope?.tags ?? [];
  if (folders.length === 0 && tags.length === 0) return null;
  return [...folders.map((folder) => `${folder}/`), ...tags.map((tag) => `#${tag.replace(/^#/, '')}`)].join(', ');
}

function tokens(chars: number): string {
  const count = estimateTokens(chars);
  return count >= 1000 ? `~${(count / 1000).toFixed(count >= 10_000 ? 0 : 1)}k tokens` : `~${count} tokens`;
}

import { citationsOf } from '../markers';
import { citationLines, citationSummaryLine } from './citation-lines';
import { savedBlockTitle } from './saved-block-title';
import { parseAssistantContent, unclosedFence, type ContentSegment, type ReasoningPayload, type ReasoningStep } from '../markers';
import type { Conversation, ConversationMessage } from './conversation';
import { escapeMessageLine, formatHeaderTime, messageName } from './note-lines';
import { neutraliseMessageLine, neutraliseMessageText } from './inert-message-text';
import { yamlDoubleQuoted } from './yaml-scalar';

/** The callout type of every folded block in an export; Obsidian shows unknown types as a plain callout. */
export const EXPORT_CALLOUT = 'glassbox';

/** Options of {@link exportPlainMarkdown}. */
export interface ExportPlainMarkdownOptions {
  /** The note it was exported from, linked in the properties. */
  readonly sourcePath?: string;
  /** Clock of the visible times: local (default) or UTC (tests). */
  readonly clock?: 'local' | 'utc';
}

/**
 * A conversation as plain Markdown that renders anywhere Markdown does (Obsidian Publish, GitHub,
 * any CommonMark viewer): no HTML comments; each reasoning block is a folded callout
 * (`> [!glassbox]- Thought for 12s`) with the steps as list items and tool outputs in code blocks
 * whose fences are longer than any backtick run inside; think sections and legacy tool banners
 * fold the same way. Role headings carry no emoji, so the copy is never read back as a
 * conversation (it does not show up in the history, nor take the original's id).
 */
export function exportPlainMarkdown(conversation: Conversation, options: ExportPlainMarkdownOptions = {}): string {
  // Every text from a model, a tool or a note is in the note form of message text (inert-message-text.ts):
  // nothing in the copy runs or loads by itself; a tool output is code, where only what Templater and Dataview read is broken.
  const properties = ['---', `title: ${yamlDoubleQuoted(neutraliseMessageText(conversation.title))}`];
  if (conversation.model !== '') properties.push(`model: ${yamlDoubleQuoted(neutraliseMessageText(conversation.model))}`);
  if (options.sourcePath !== undefined) properties.push(`source: ${yamlDoubleQuoted(`[[${neutraliseMessageText(options.sourcePath.replace(/\.md$/i, ''))}]]`)}`);
  properties.push('---');
  const parts = [properties.join('\n'), `# ${conversation.title === '' ? 'Conversation' : oneLine(conversation.title)}`];
  for (const message of conversation.messages) parts.push(...exportMessage(message, options.clock ?? 'local'));
  return `${parts.join('\n\n')}\n`;
}

function exportMessage(message: ConversationMessage, clock: 'local' | 'utc'): string[] {
  const time = message.at === null ? null : formatHeaderTime(message.at, clock);
  const heading = `### ${messageName(message)}${time === null ? '' : ` · ${time}`}`;
  if (message.role === 'user') return [heading, closeFences(message.content)].filter((part) => part.trim() !== '');
  const parsed = parseAssistantContent(message.content);
  const parts = [heading];
  if (parsed.reasoning !== null) parts.push(reasoningCallout(parsed.reasoning));
  for (const segment of parsed.segments) parts.push(exportSegment(segment));
  // The citations as the run checked them (DESIGN.md 13.3), open under the answer.
  const citations = citationsOf(parsed.reasoning);
  if (citations.length > 0) parts.push([`> [!${EXPORT_CALLOUT}] ${citationSummaryLine(citations)}`, ...citationLines(citations).map((line) => `> - ${neutraliseMessageLine(line)}`)].join('\n'));
  return parts.filter((part) => part.trim() !== '');
}

function exportSegment(segment: ContentSegment): string {
  switch (segment.type) {
    case 'markdown':
      return closeFences(segment.text.trim());
    case 'think':
      return callout(segment.think.closed ? 'Thought' : 'Thinking…', paragraphLines(segment.think.text));
    case 'tool_call': {
      const { call } = segment;
      const title = `${call.emoji === '' ? '' : `${call.emoji} `}${call.displayName}`;
      return callout(title, call.result === null ? [] : codeBlock(call.result));
    }
    default: {
      const unreachable: never = segment;
      return String(unreachable);
    }
  }
}

/** "Thought for 12s" (or "Stopped after", "Failed after") as the saved block shows it, then one list item per step. */
function reasoningCallout(payload: ReasoningPayload): string {
  const title = savedBlockTitle(payload);
  return callout(title, payload.steps.flatMap(stepLines));
}

function stepLines(step: ReasoningStep): string[] {
  const lines = [`- ${oneLine(step.summary)}`];
  const indent = (line: string) => (line === '' ? '' : `  ${line}`);
  // A thought's detail is often its summary again: said once.
  if (step.detail !== undefined && step.detail.trim() !== '' && oneLine(step.detail) !== oneLine(step.summary)) lines.push('', ...paragraphLines(step.detail).map(indent));
  const output = step.tool?.output;
  if (output !== undefined && output !== '') {
    const shown = step.tool?.outputChars !== undefined && step.tool.outputChars > output.length ? [`  (the first ${output.length} of ${step.tool.outputChars} characters)`] : [];
    lines.push('', ...codeBlock(output).map((line) => `  ${line}`), ...shown);
  }
  return lines;
}

/** A fenced code block whose fence is longer than every backtick run in the text, so nothing inside can close it. */
function codeBlock(text: string): string[] {
  let longest = 0;
  let run = 0;
  for (const character of text) {
    run = character === '`' ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [fence, ...inertCode(text.split(/\r?\n|\r/)), fence];
}

/**
 * A code block's lines with what runs in code broken by a zero-width space: Templater's `<%` (it
 * reads raw text) and a Dataview query at the start of the block (`pre > code` trimmed starts with
 * `=` or `$=`). HTML in code is text already, so a tool's `<script>` stays as it was sent.
 */
function inertCode(lines: readonly string[]): string[] {
  let first = true;
  return lines.map((line) => {
    let out = line.replace(/<%/g, '<\u200b%');
    if (first && out.trim() !== '') {
      first = false;
      out = out.replace(/^(\s*)(\$?=)/, '$1\u200b$2');
    }
    return out;
  });
}

function callout(title: string, body: readonly string[]): string {
  return [`> [!${EXPORT_CALLOUT}]- ${oneLine(title)}`, ...body.map((line) => (line === '' ? '>' : `> ${line}`))].join('\n');
}

function paragraphLines(text: string): string[] {
  return closeFences(text.trim()).split(/\r?\n|\r/);
}

function oneLine(text: string): string {
  return neutraliseMessageText(text.replace(/\s+/g, ' ').trim());
}

/**
 * Message text as the note's reading view shows it: a line that looks like a role header keeps the
 * note's escape (so it reads as text), and a code fence the text leaves open is closed, so the
 * rest of the export still renders. The whole export is neutralised at the end.
 */
function closeFences(text: string): string {
  const lines = text.split('\n');
  const fence = unclosedFence(lines);
  const escaped = lines.map((line) => escapeMessageLine(neutraliseMessageText(line))).join('\n');
  return fence === null ? escaped : `${escaped}\n${fence}`;
}

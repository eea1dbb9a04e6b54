import { citationsOf, formatStepDuration, parseAssistantContent, readToolChange, type ContentSegment, type ReasoningPayload, type ReasoningStep } from '../markers';
import type { Conversation, ConversationMessage } from './conversation';
import { citationLines, citationSummaryLine } from './citation-lines';
import { markdownToSafeHtml } from './export-markdown-html';
import { formatHeaderTime, messageName } from './note-lines';
import { savedBlockTitle } from './saved-block-title';

/** Options of {@link exportHtml}. */
export interface ExportHtmlOptions {
  /** Clock of the visible times: local (default) or UTC (tests). */
  readonly clock?: 'local' | 'utc';
}

/** The step kinds and tool statuses class names are made of; any other (a newer version's) shows as `other`. */
const STEP_KINDS = new Set(['thought', 'tool', 'reasoning', 'input', 'reason', 'observe', 'notice', 'context']);
const TOOL_STATUSES = new Set(['running', 'ok', 'error', 'cancelled', 'declined']);

/**
 * A conversation as one self-contained HTML page (DESIGN.md 12.3): inline CSS, no script, no
 * link or image that loads anything (a Content-Security-Policy says so too), each reasoning block
 * and think section a `<details>`. Every text — questions, answers, steps, tool outputs, diffs —
 * is escaped; the answer's Markdown is drawn (bold, lists, tables, code; a note link as its name) from
 * the escaped text, the rest shown as text: nothing from a model, a note or a tool becomes markup
 * of its own (docs/decisions/export-html.md).
 */
export function exportHtml(conversation: Conversation, options: ExportHtmlOptions = {}): string {
  const clock = options.clock ?? 'local';
  const title = conversation.title === '' ? 'Conversation' : conversation.title;
  const meta = [conversation.model, conversation.createdAt > 0 ? formatHeaderTime(conversation.createdAt, clock) : ''].filter((part) => part !== '');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeHtml(title)}</h1>`,
    meta.length > 0 ? `<p class="meta">${escapeHtml(meta.join(' · '))}</p>` : '',
    ...conversation.messages.map((message) => exportMessage(message, clock)),
    '</main>',
    '</body>',
    '</html>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

function exportMessage(message: ConversationMessage, clock: 'local' | 'utc'): string {
  const time = message.at === null ? '' : ` · ${formatHeaderTime(message.at, clock)}`;
  const heading = `<h2>${escapeHtml(messageName(message) + time)}</h2>`;
  if (message.role === 'user') return `<section class="message user">${heading}${textBlock('text', message.content)}</section>`;
  const parsed = parseAssistantContent(message.content);
  const parts = [heading];
  if (parsed.reasoning !== null) parts.push(reasoningDetails(parsed.reasoning));
  else if (parsed.reasoningError) parts.push('<p class="meta">Reasoning unavailable</p>');
  for (const segment of parsed.segments) parts.push(exportSegment(segment));
  // The citations as the run checked them (DESIGN.md 13.3), as text under the answer.
  const citations = citationsOf(parsed.reasoning);
  if (citations.length > 0) parts.push(`<div class="sources"><p class="meta">${escapeHtml(citationSummaryLine(citations))}</p><ul>${citationLines(citations).map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul></div>`);
  return `<section class="message assistant">${parts.join('')}</section>`;
}

function exportSegment(segment: ContentSegment): string {
  switch (segment.type) {
    case 'markdown':
      return segment.text.trim() === '' ? '' : `<div class="answer">${markdownToSafeHtml(segment.text.trim(), escapeHtml)}</div>`;
    case 'think':
      return details(segment.think.closed ? 'Thought' : 'Thinking…', textBlock('detail', segment.think.text));
    case 'tool_call': {
      const { call } = segment;
      return details(`${call.emoji === '' ? '' : `${call.emoji} `}${call.displayName}`, call.result === null ? '' : `<pre>${escapeHtml(call.result)}</pre>`);
    }
    default: {
      const unreachable: never = segment;
      return String(unreachable);
    }
  }
}

/** The block as the saved note shows it: "Thought for 12s", then one item per step. */
function reasoningDetails(payload: ReasoningPayload): string {
  const title = savedBlockTitle(payload);
  const usage = payload.usage === undefined ? '' : ` · ${count(payload.usage.promptTokens)} tokens in, ${count(payload.usage.completionTokens)} out`;
  const error = payload.error === undefined ? '' : `<p class="error">${escapeHtml(payload.error)}</p>`;
  return details(title + usage, `${error}<ol class="steps">${payload.steps.map(stepItem).join('')}</ol>`, 'reasoning');
}

function stepItem(step: ReasoningStep): string {
  const tool = step.tool;
  const status = tool === undefined ? '' : TOOL_STATUSES.has(tool.status) ? tool.status : 'other';
  const facts = tool === undefined ? [] : [tool.status, ...(tool.durationMs !== undefined ? [formatStepDuration(tool.durationMs)] : [])];
  const parts = [`<span class="summary">${escapeHtml(step.summary)}</span>`];
  if (facts.length > 0) parts.push(` <span class="facts">${escapeHtml(facts.join(' · '))}</span>`);
  if (step.detail !== undefined && step.detail.trim() !== '' && step.detail !== step.summary) parts.push(textBlock('detail', step.detail));
  const change = readToolChange(tool);
  if (change !== undefined) parts.push(`<pre class="diff">${escapeHtml(`${change.path} +${change.added} −${change.removed}\n${change.diff.join('\n')}`)}</pre>`);
  const output = tool?.output;
  if (output !== undefined && output !== '') {
    const cut = tool?.outputChars !== undefined && tool.outputChars > output.length ? `<p class="meta">The first ${count(output.length)} of ${count(tool.outputChars)} characters.</p>` : '';
    parts.push(details('Output', `<pre>${escapeHtml(output)}</pre>${cut}`));
  }
  const kind = STEP_KINDS.has(step.kind) ? step.kind : 'other';
  return `<li class="step kind-${kind}${status === '' ? '' : ` tool-${status}`}">${parts.join('')}</li>`;
}

/** A count as the page's English reads it: 12,345. */
function count(value: number): string {
  return value.toLocaleString('en-US');
}

function details(summary: string, body: string, className = ''): string {
  return `<details${className === '' ? '' : ` class="${className}"`}><summary>${escapeHtml(summary)}</summary>${body}</details>`;
}

function textBlock(className: string, text: string): string {
  return text === '' ? '' : `<div class="${className}">${escapeHtml(text)}</div>`;
}

// Controls other than tab and newline mean nothing in a page and could drive a terminal the page is printed to.
// eslint-disable-next-line no-control-regex -- the control characters are exactly what must go
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Text as HTML text or a quoted attribute value: the five characters that could start markup escaped, control characters dropped. */
export function escapeHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS, '')
    .replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const STYLE = [
  ':root{color-scheme:light dark;--fg:#1f2328;--muted:#656d76;--bg:#fff;--panel:#f6f8fa;--line:#d0d7de;--ok:#1a7f37;--bad:#cf222e}',
  '@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--panel:#161b22;--line:#30363d;--ok:#3fb950;--bad:#f85149}}',
  'body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif}',
  'main{max-width:46rem;margin:0 auto;padding:2rem 1rem}',
  'h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:.95rem;color:var(--muted);margin:0 0 .5rem}',
  '.meta{color:var(--muted);font-size:.85rem;margin:.25rem 0}',
  '.message{border-top:1px solid var(--line);padding:1rem 0}',
  '.text,.detail{white-space:pre-wrap;overflow-wrap:anywhere}.answer{overflow-wrap:anywhere}',
  '.answer table{border-collapse:collapse;margin:.5rem 0}.answer th,.answer td{border:1px solid var(--line);padding:.25rem .5rem;text-align:left}',
  '.answer code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--panel);border-radius:4px;padding:0 .2rem}.answer blockquote{border-left:3px solid var(--line);margin:.5rem 0;padding-left:.8rem;color:var(--muted)}',
  '.note-link{color:var(--ok)}',
  '.user .text{background:var(--panel);border-radius:8px;padding:.6rem .8rem}',
  'details{background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:.4rem .8rem;margin:.5rem 0}',
  'details details{background:var(--bg)}summary{cursor:pointer;color:var(--muted)}',
  '.steps{padding-left:1.2rem;margin:.5rem 0}.step{margin:.3rem 0}.facts{color:var(--muted);font-size:.85rem}',
  '.tool-ok .facts{color:var(--ok)}.tool-error .facts,.kind-notice,.error{color:var(--bad)}',
  'pre{white-space:pre-wrap;overflow-wrap:anywhere;font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace;margin:.4rem 0}',
].join('\n');

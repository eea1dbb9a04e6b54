import type { LlmImage, LlmMessage, LlmToolCall, LlmToolSchema } from '../../llm';
import { contextPreamble } from '../context-step';
import type { AttachedContext, ContextAttachment } from '../question-context';
import { countTokens, MESSAGE_OVERHEAD_TOKENS, prefixWithinTokens } from './count-tokens';

/** The parts of one model request, in the order they are sent. */
export interface RequestParts {
  /** The system prompt (never left out). */
  readonly system: readonly LlmMessage[];
  /** Earlier turns of the conversation, oldest first; each turn starts with a user message. */
  readonly history: readonly LlmMessage[];
  /** The question as asked, without its attachments. */
  readonly question: string;
  /** What the user attached; its texts may be cut to fit. */
  readonly context?: AttachedContext;
  /** Images sent with the question (never cut; each counted as {@link IMAGE_TOKENS}). */
  readonly images?: readonly LlmImage[];
  /** This run's model replies and tool results so far. */
  readonly transcript: readonly LlmMessage[];
  /** A phase prompt sent last and not kept. */
  readonly trailing: readonly LlmMessage[];
  readonly tools: readonly LlmToolSchema[];
}

/** What was left out or cut to make a request fit. */
export interface FitReport {
  /** Earlier turns' tool results kept as one line each. */
  readonly earlierToolResults: number;
  /** Earlier turns (question and answer) left out, oldest first. */
  readonly oldestTurns: number;
  /** Attachments cut further than the attachment budget did, by name. */
  readonly attachmentsCut: readonly string[];
  /** This run's older tool results kept as one line each (only after all of the above). */
  readonly runToolResults: number;
  /** This run's latest tool results cut short (the last resort before giving up). */
  readonly latestToolResultsCut: number;
}

/** A request made to fit, or the sentence saying why it cannot. */
export type FitOutcome =
  | { readonly fits: true; readonly messages: LlmMessage[]; readonly tokens: number; readonly report: FitReport }
  /** `requiredTokens`: what the part that does not fit needs (`part`: the question, prompt and tools alone, or with this run's latest tool work). */
  | { readonly fits: false; readonly tokens: number; readonly requiredTokens: number; readonly part: 'request' | 'run' };

/** What one image is counted as: servers charge from ~85 to ~1,600 tokens by size; images are downscaled before sending. */
export const IMAGE_TOKENS = 1000;

/** Estimated tokens of a message, memoised: the same message objects are counted on every turn of a run. */
const counted = new WeakMap<LlmMessage, number>();

/** Tokens of one message as sent: its text, its tool calls, and the template's overhead. */
export function messageTokens(message: LlmMessage): number {
  const known = counted.get(message);
  if (known !== undefined) return known;
  let tokens = MESSAGE_OVERHEAD_TOKENS + countTokens(message.content);
  if (message.role === 'assistant') for (const call of message.toolCalls ?? []) tokens += MESSAGE_OVERHEAD_TOKENS + countTokens(call.name) + countTokens(call.arguments);
  counted.set(message, tokens);
  return tokens;
}

/** Tokens of the tool schemas as sent (their JSON). */
export function toolsTokens(tools: readonly LlmToolSchema[]): number {
  return tools.length === 0 ? 0 : countTokens(JSON.stringify(tools));
}

/**
 * Makes one request fit `budgetTokens` (DESIGN.md 12.1), leaving out in this order until it
 * does: earlier turns' tool results (each kept as one line: tool, arguments, size), then the
 * oldest turns, then the attachments' text (cut with the notice the first request already
 * uses), then this run's older tool results (one line each), and last this run's latest tool
 * results cut short. The system prompt, the tools and the question are never touched; when
 * they alone do not fit, the outcome says how many tokens they need.
 */
export function fitRequest(parts: RequestParts, budgetTokens: number): FitOutcome {
  let history = [...parts.history];
  let transcript = [...parts.transcript];
  let attachments = parts.context?.attachments ?? [];
  const fixed = sum(parts.system) + sum(parts.trailing) + toolsTokens(parts.tools) + MESSAGE_OVERHEAD_TOKENS + countTokens(parts.question) + (parts.images?.length ?? 0) * IMAGE_TOKENS;
  let preambleTokens = parts.context === undefined ? 0 : countTokens(contextPreamble(parts.context));
  let historyTokens = sum(history);
  let transcriptTokens = sum(transcript);
  const total = () => fixed + preambleTokens + historyTokens + transcriptTokens;
  const report = { earlierToolResults: 0, oldestTurns: 0, attachmentsCut: [] as string[], runToolResults: 0, latestToolResultsCut: 0 };

  // 1. Earlier turns' tool results, oldest first, become one line each.
  if (total() > budgetTokens) {
    const calls = callsById(history);
    for (let index = 0; index < history.length && total() > budgetTokens; index++) {
      const message = history[index];
      if (message?.role !== 'tool' || isStub(message.content)) continue;
      const stub: LlmMessage = { role: 'tool', toolCallId: message.toolCallId, content: stubOf(calls.get(message.toolCallId), message.content) };
      historyTokens += messageTokens(stub) - messageTokens(message);
      history[index] = stub;
      report.earlierToolResults += 1;
    }
  }
  // 2. The oldest turns, whole (question, tool work and answer).
  while (total() > budgetTokens && history.length > 0) {
    const next = history.findIndex((message, index) => index > 0 && message.role === 'user');
    const end = next === -1 ? history.length : next;
    historyTokens -= sum(history.slice(0, end));
    history = history.slice(end);
    report.oldestTurns += 1;
  }
  // 3. The attachments' text, shared out over what is left.
  if (total() > budgetTokens && parts.context !== undefined && attachments.some((attachment) => attachment.text !== '')) {
    // The frame around the texts (paths, the cut notice with its numbers) is counted as it will be sent.
    const frame = countTokens(contextPreamble({ ...parts.context, attachments: attachments.map((attachment) => ({ ...attachment, text: ' ', cut: true, chars: attachment.chars * 10 })) }));
    const room = Math.max(0, budgetTokens - (total() - preambleTokens) - frame - 8);
    const cut = cutAttachments(attachments, room);
    report.attachmentsCut = cut.names;
    attachments = cut.attachments;
    preambleTokens = countTokens(contextPreamble({ ...parts.context, attachments }));
  }
  // 4. This run's tool results before the latest batch, one line each.
  const latestStart = latestToolBatchStart(transcript);
  if (total() > budgetTokens) {
    const calls = callsById(transcript);
    for (let index = 0; index < latestStart && total() > budgetTokens; index++) {
      const message = transcript[index];
      if (message?.role !== 'tool' || isStub(message.content)) continue;
      const stub: LlmMessage = { role: 'tool', toolCallId: message.toolCallId, content: stubOf(calls.get(message.toolCallId), message.content) };
      transcriptTokens += messageTokens(stub) - messageTokens(message);
      transcript[index] = stub;
      report.runToolResults += 1;
    }
  }
  // 5. The latest tool results, cut short with a line saying so: better a partial read than no answer.
  if (total() > budgetTokens) {
    const latest = transcript.slice(latestStart).filter((message) => message.role === 'tool');
    const room = budgetTokens - (total() - sum(latest));
    const shares = latest.length === 0 ? 0 : Math.floor(room / latest.length) - MESSAGE_OVERHEAD_TOKENS - 40;
    if (shares > 0) {
      for (let index = latestStart; index < transcript.length; index++) {
        const message = transcript[index];
        if (message?.role !== 'tool' || messageTokens(message) <= shares + MESSAGE_OVERHEAD_TOKENS) continue;
        const kept = cutToTokens(message.content, shares);
        const shortened: LlmMessage = { role: 'tool', toolCallId: message.toolCallId, content: `${kept}\n[Cut to fit the model's context window: first ${kept.length.toLocaleString('en-US')} of ${message.content.length.toLocaleString('en-US')} characters.]` };
        transcriptTokens += messageTokens(shortened) - messageTokens(message);
        transcript[index] = shortened;
        report.latestToolResultsCut += 1;
      }
    }
  }
  if (total() > budgetTokens) return fixed > budgetTokens ? { fits: false, tokens: total(), requiredTokens: fixed, part: 'request' } : { fits: false, tokens: total(), requiredTokens: total(), part: 'run' };
  const question = parts.context === undefined ? parts.question : `${contextPreamble({ ...parts.context, attachments })}${parts.question}`;
  const asked: LlmMessage = parts.images !== undefined && parts.images.length > 0 ? { role: 'user', content: question, images: parts.images } : { role: 'user', content: question };
  const messages: LlmMessage[] = [...parts.system, ...history, asked, ...transcript, ...parts.trailing];
  return { fits: true, messages, tokens: total(), report };
}

/** True when nothing was left out. */
export function isWholeRequest(report: FitReport): boolean {
  return report.earlierToolResults === 0 && report.oldestTurns === 0 && report.attachmentsCut.length === 0 && report.runToolResults === 0 && report.latestToolResultsCut === 0;
}

const STUB_PREFIX = '[Left out to fit the context window:';

function isStub(content: string): boolean {
  return content.startsWith(STUB_PREFIX);
}

/** One line in place of a tool result: the tool, its arguments and the result's size. */
function stubOf(call: LlmToolCall | undefined, content: string): string {
  const what = call === undefined ? 'a tool result' : `${call.name} ${clip(call.arguments, 160)}`;
  return `${STUB_PREFIX} ${what} → ${content.length.toLocaleString('en-US')} characters. Call it again if it is needed.]`;
}

function callsById(messages: readonly LlmMessage[]): Map<string, LlmToolCall> {
  const calls = new Map<string, LlmToolCall>();
  for (const message of messages) if (message.role === 'assistant') for (const call of message.toolCalls ?? []) calls.set(call.id, call);
  return calls;
}

/** Where the last model reply with tool calls begins its results: the tool messages after it are the latest batch. */
function latestToolBatchStart(transcript: readonly LlmMessage[]): number {
  for (let index = transcript.length - 1; index >= 0; index--) if (transcript[index]?.role === 'assistant') return index + 1;
  return 0;
}

/**
 * Cuts the attachments' texts to `room` tokens together: the smaller ones whole while they fit
 * their share, the rest an equal share of what is left (as the attachment budget shares it).
 */
function cutAttachments(attachments: readonly ContextAttachment[], room: number): { attachments: ContextAttachment[]; names: string[] } {
  const sizes = attachments.map((attachment) => countTokens(attachment.text));
  const order = sizes.map((size, index) => ({ size, index })).sort((a, b) => a.size - b.size);
  const allowed = new Array<number>(attachments.length).fill(0);
  let left = room;
  order.forEach(({ size, index }, position) => {
    const share = Math.floor(left / (order.length - position));
    allowed[index] = Math.min(size, share);
    left -= allowed[index] ?? 0;
  });
  const names: string[] = [];
  const cut = attachments.map((attachment, index) => {
    if ((allowed[index] ?? 0) >= (sizes[index] ?? 0)) return attachment;
    names.push(attachment.path.replace(/^.*\//, '').replace(/\.md$/i, ''));
    return { ...attachment, text: cutToTokens(attachment.text, allowed[index] ?? 0), cut: true };
  });
  return { attachments: cut, names };
}

/** The longest start of `text` within `tokens`, ended at a line break when one is near. */
function cutToTokens(text: string, tokens: number): string {
  if (tokens <= 0) return '';
  const length = prefixWithinTokens(text, tokens);
  if (length >= text.length) return text;
  const lineBreak = text.lastIndexOf('\n', length);
  const end = lineBreak > length * 0.8 ? lineBreak : length;
  const code = text.charCodeAt(end - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? end - 1 : end);
}

function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

function sum(messages: readonly LlmMessage[]): number {
  let tokens = 0;
  for (const message of messages) tokens += messageTokens(message);
  return tokens;
}

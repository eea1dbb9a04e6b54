import type { LlmMessage } from '../llm';
import { readLeadingMarker } from '../markers';

/**
 * A tool result as the note stores it when the message's REASONING_BLOCK already holds it: a
 * reference to the step instead of a second copy (docs/decisions/transcript-refers-to-trace.md).
 * The result is the first `head` characters of that step's `tool.output` (all of it when `head`
 * is absent) followed by `tail`, the part past the block's 4,000-character display limit.
 *
 * @example
 * { "role": "tool", "toolCallId": "call_1", "outputOf": "s2" }
 */
export interface ToolOutputReference {
  readonly role: 'tool';
  readonly toolCallId: string;
  /** The id of the step whose `tool.output` is this result's beginning. */
  readonly outputOf: string;
  readonly head?: number;
  readonly tail?: string;
}

/**
 * A model reply whose text is the end of the message's answer, stored without that text: the
 * answer is in the note already, so a long answer is stored once, not twice (issue 25).
 * `answerTail` is how many characters from the end of the answer the reply's text is.
 *
 * @example
 * { "role": "assistant", "content": "", "answerTail": 52000 }
 */
export interface AnswerTailReference {
  readonly role: 'assistant';
  readonly content: '';
  readonly answerTail: number;
  readonly toolCalls?: Extract<LlmMessage, { role: 'assistant' }>['toolCalls'];
  readonly reasoning?: string;
}

/** One transcript entry as the trailer stores it. */
export type StoredLlmMessage = LlmMessage | ToolOutputReference | AnswerTailReference;

/** Replies shorter than this keep their text: a reference would save little and hide it from a reader of the note. */
const ANSWER_REFERENCE_MIN_CHARS = 1000;

/** What reading a stored transcript against its message gave. */
export interface ResolvedTranscript {
  readonly transcript: LlmMessage[];
  /** How many references named a step the message's block does not have (edited or unreadable). */
  readonly unresolved: number;
}

/** What a result whose step is gone is replaced with, so the transcript stays valid for the model. */
export const LOST_TOOL_OUTPUT = 'The output of this tool call is no longer in the note (its reasoning block was edited).';

/** `tool.output` of each step of the message's leading REASONING_BLOCK, by step id (the first step with an id wins). */
function stepOutputs(content: string): Map<string, string> {
  const outputs = new Map<string, string>();
  const steps = readLeadingMarker(content).reasoning?.steps ?? [];
  for (const step of steps) {
    const output = step.tool?.output;
    if (typeof output === 'string' && !outputs.has(step.id)) outputs.set(step.id, output);
  }
  return outputs;
}

function commonPrefixLength(first: string, second: string): number {
  const limit = Math.min(first.length, second.length);
  let index = 0;
  while (index < limit && first.charCodeAt(index) === second.charCodeAt(index)) index += 1;
  return index;
}

/**
 * The transcript as an assistant message's trailer stores it: each tool result that the message's
 * block already shows becomes a {@link ToolOutputReference}. Only the head of a result the block
 * clamped (its last character is the "…" the clamp added) stays out; the tail beyond it is kept.
 * Empty results and results no step shows stay inline.
 * Every reference is checked by resolving it, so the note always reads back the same transcript.
 */
export function compactTranscript(transcript: readonly LlmMessage[], content: string): StoredLlmMessage[] {
  const answer = answerOf(content);
  const withAnswer = (message: LlmMessage): StoredLlmMessage => answerTailReference(message, answer) ?? message;
  if (!hasInlineToolResults(transcript)) return transcript.map(withAnswer);
  const outputs = stepOutputs(content);
  const unused = [...outputs.keys()];
  return transcript.map((message) => {
    if (message.role !== 'tool' || message.content === '') return withAnswer(message);
    for (let index = 0; index < unused.length; index += 1) {
      const stepId = unused[index];
      const output = outputs.get(stepId) as string;
      const head = commonPrefixLength(output, message.content);
      // The whole step output, or all of it but the clamp's "…": the step shows this result.
      if (head === 0 || head < output.length - 1) continue;
      const reference: ToolOutputReference = {
        role: 'tool',
        toolCallId: message.toolCallId,
        outputOf: stepId,
        ...(head < output.length ? { head } : {}),
        ...(head < message.content.length ? { tail: message.content.slice(head) } : {}),
      };
      if (resolveReference(reference, outputs) !== message.content) continue;
      unused.splice(index, 1);
      return reference;
    }
    return message;
  });
}

function resolveReference(reference: ToolOutputReference, outputs: ReadonlyMap<string, string>): string | null {
  const output = outputs.get(reference.outputOf);
  if (output === undefined) return null;
  const head = reference.head ?? output.length;
  if (head > output.length) return null;
  return output.slice(0, head) + (reference.tail ?? '');
}

/**
 * The transcript the chat holds, from what the trailer stored: every reference replaced by the
 * result it names. Markers are read only in assistant messages (DESIGN.md 3.3), so a reference in
 * a user message's trailer, or to a step that is gone, becomes {@link LOST_TOOL_OUTPUT}.
 */
export function resolveTranscript(stored: readonly StoredLlmMessage[], options: { content: string; role: 'user' | 'assistant' }): ResolvedTranscript {
  if (!stored.some((message) => isToolOutputReference(message) || isAnswerTailReference(message))) return { transcript: stored as LlmMessage[], unresolved: 0 };
  const outputs = options.role === 'assistant' ? stepOutputs(options.content) : new Map<string, string>();
  const answer = options.role === 'assistant' ? answerOf(options.content) : '';
  let unresolved = 0;
  const transcript = stored.map((message): LlmMessage => {
    if (isAnswerTailReference(message)) {
      const { answerTail, ...reply } = message;
      return { ...reply, content: answer.slice(Math.max(0, answer.length - answerTail)) };
    }
    if (!isToolOutputReference(message)) return message;
    const content = resolveReference(message, outputs);
    if (content === null) unresolved += 1;
    return { role: 'tool', toolCallId: message.toolCallId, content: content ?? LOST_TOOL_OUTPUT };
  });
  return { transcript, unresolved };
}

/** Whether a stored transcript holds a tool result inline that {@link compactTranscript} might turn into a reference. */
export function hasInlineToolResults(stored: readonly StoredLlmMessage[]): boolean {
  return stored.some((message) => !isToolOutputReference(message) && message.role === 'tool' && message.content !== '');
}

/** A reply stored as the end of the message's answer (see {@link AnswerTailReference}). */
export function isAnswerTailReference(message: StoredLlmMessage): message is AnswerTailReference {
  return message.role === 'assistant' && 'answerTail' in message && Number.isInteger(message.answerTail) && message.answerTail >= 0;
}

/** The answer of an assistant message's content: what follows its reasoning marker. */
function answerOf(content: string): string {
  return content.slice(readLeadingMarker(content).bodyStart);
}

function answerTailReference(message: LlmMessage, answer: string): AnswerTailReference | null {
  if (message.role !== 'assistant' || message.content.length < ANSWER_REFERENCE_MIN_CHARS || !answer.endsWith(message.content)) return null;
  return { ...message, content: '', answerTail: message.content.length };
}

/** How many entries are references. */
export function countReferences(stored: readonly StoredLlmMessage[]): number {
  return stored.filter(isToolOutputReference).length;
}

/** Whether a stored entry is a reference rather than a message with its own content. */
export function isToolOutputReference(message: StoredLlmMessage): message is ToolOutputReference {
  return message.role === 'tool' && 'outputOf' in message && !('content' in message);
}

/** Checks one entry of a trailer's `transcript` array as read from JSON. */
export function isStoredLlmMessage(value: unknown): value is StoredLlmMessage {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  if (typeof record.content !== 'string') return isReferenceRecord(record);
  switch (record.role) {
    case 'system':
    case 'user':
      return true;
    case 'assistant':
      return record.toolCalls === undefined || (Array.isArray(record.toolCalls) && record.toolCalls.every(isToolCall));
    case 'tool':
      return typeof record.toolCallId === 'string';
    default:
      return false;
  }
}

function isReferenceRecord(record: Record<string, unknown>): boolean {
  return (
    record.role === 'tool' &&
    typeof record.toolCallId === 'string' &&
    typeof record.outputOf === 'string' &&
    (record.head === undefined || (Number.isInteger(record.head) && (record.head as number) >= 0)) &&
    (record.tail === undefined || typeof record.tail === 'string')
  );
}

function isToolCall(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === 'string' && typeof record.name === 'string' && typeof record.arguments === 'string';
}

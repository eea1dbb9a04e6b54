import { type AgentInputRequestEvent, clampLine, describeInputOutcome } from '../agent';
import type { ConversationMessage, PendingInput } from '../conversation';
import type { LlmMessage } from '../llm';
import { composeAssistantContent, LIMITS, parseAssistantContent, type ReasoningPayload } from '../markers';
import { shownMessageIds } from './answer-versions';
import type { ChatMessage, ChatPendingInput, ChatState } from './chat-state';
import { t } from '../i18n';

/**
 * Answering a `request_input` question whose run is gone: the chat was reopened from its note
 * (docs/decisions/answer-reopened-question.md). The turn that asked keeps its block, with the
 * question closed; an answer becomes the next user message and a new run whose history carries
 * the asking turn's model messages and a result for the `request_input` call, so the transcript
 * the model sees stays valid (every tool call has its result).
 */

/** How the user closed a reopened question. */
export type SavedInputOutcome = { readonly outcome: 'answered'; readonly answer: string } | { readonly outcome: 'dismissed' };

/** The private reducer field that marks when the run paused (src/agent/reasoning-state.ts). */
const PAUSE_FIELD = 'pauseStartedAt';

/** What a message saved while its run waits for the user keeps (the note's `pendingInput`). */
export function pendingInputOf(event: AgentInputRequestEvent): PendingInput {
  return {
    question: event.question,
    ...(event.options !== undefined && event.options.length > 0 ? { options: event.options } : {}),
    requestId: event.requestId,
    askedAt: event.at,
  };
}

/** The question of a reopened chat whose last message is a turn saved while it waited; null when there is none. */
export function reopenedQuestion(state: ChatState): { readonly messageId: string; readonly pendingInput: ChatPendingInput } | null {
  // The last answer shown: of a regenerated turn's answers, a hidden one's question is not open.
  const ids = shownMessageIds(state);
  const lastId = ids[ids.length - 1];
  const last = lastId === undefined ? undefined : state.messages[lastId];
  if (last?.role !== 'assistant' || last.pendingInput === undefined) return null;
  const { question, options, requestId } = last.pendingInput;
  return { messageId: last.id, pendingInput: { requestId: requestId ?? `saved-${last.id}`, question, options: options ?? [] } };
}

/** `message` without its open question. */
export function withoutPendingInput(message: ChatMessage): ChatMessage {
  if (message.pendingInput === undefined) return message;
  const { pendingInput: _closed, ...rest } = message;
  return rest;
}

/**
 * The model messages that continue a turn saved while it waited: its transcript up to the
 * assistant message that called `request_input`, then a result for each call of that message,
 * the `request_input` one carrying the user's outcome. Without a usable transcript (the app
 * quit before the stopped run was saved), the call and its result are rebuilt from the question.
 */
export function continuationOf(message: ConversationMessage, outcome: SavedInputOutcome): LlmMessage[] {
  const pending = message.pendingInput;
  if (pending === undefined) return [];
  const result = describeInputOutcome(outcome.outcome === 'answered' ? { outcome: 'answered', answer: outcome.answer, timeoutMs: 0 } : { outcome: 'dismissed', timeoutMs: 0 });
  const callId = pending.requestId;
  const transcript = message.transcript ?? [];
  const askingIndex = callId === undefined ? -1 : transcript.findIndex((entry) => entry.role === 'assistant' && (entry.toolCalls ?? []).some((call) => call.id === callId));
  const asking = transcript[askingIndex];
  if (asking !== undefined && asking.role === 'assistant') {
    const results = new Map<string, LlmMessage>();
    for (const entry of transcript.slice(askingIndex + 1)) {
      if (entry.role !== 'tool') break;
      results.set(entry.toolCallId, entry);
    }
    const continued: LlmMessage[] = transcript.slice(0, askingIndex + 1);
    for (const call of asking.toolCalls ?? []) {
      if (call.id === callId) continued.push({ role: 'tool', toolCallId: call.id, content: result });
      else continued.push(results.get(call.id) ?? { role: 'tool', toolCallId: call.id, content: 'The run ended before this tool returned.' });
    }
    return continued;
  }
  const id = callId ?? 'request_input_saved';
  const args = { question: pending.question, ...(pending.options !== undefined && pending.options.length > 0 ? { options: pending.options } : {}) };
  return [
    { role: 'assistant', content: '', toolCalls: [{ id, name: 'request_input', arguments: JSON.stringify(args) }] },
    { role: 'tool', toolCallId: id, content: result },
  ];
}

/**
 * The asking message once its reopened question is closed: no `pendingInput`, and its block's
 * input step shows the answer (or "Dismissed") as a live run would. The block ends `complete` at
 * the moment it asked: that run's work ended there, and the next message carries on.
 */
export function closeSavedQuestion(message: ChatMessage, outcome: SavedInputOutcome): ChatMessage {
  const closed = withoutPendingInput(message);
  const parsed = parseAssistantContent(message.content);
  if (parsed.reasoning === null) return closed;
  const payload = answeredPayload(parsed.reasoning, message.pendingInput, outcome);
  return { ...closed, content: composeAssistantContent(payload, parsed.text) };
}

function answeredPayload(payload: ReasoningPayload, pending: PendingInput | undefined, outcome: SavedInputOutcome): ReasoningPayload {
  const steps = [...payload.steps];
  let inputIndex = -1;
  for (let index = steps.length - 1; index >= 0 && inputIndex < 0; index -= 1) if (steps[index]?.kind === 'input') inputIndex = index;
  const inputStep = steps[inputIndex];
  if (inputStep !== undefined) {
    const detail = outcome.outcome === 'answered' ? clampLine(t('trace.answer', { answer: outcome.answer }), LIMITS.detailChars) : t('trace.dismissed');
    steps[inputIndex] = { ...inputStep, detail };
  }
  const { [PAUSE_FIELD]: pausedAt, ...rest } = payload;
  if (rest.status !== 'awaiting_input') return { ...rest, steps };
  const askedAt = [pausedAt, pending?.askedAt, inputStep?.at].find((value): value is number => typeof value === 'number');
  return { ...rest, steps, status: 'complete', ...(rest.endedAt === undefined && askedAt !== undefined ? { endedAt: askedAt } : {}) };
}

import { answerAlternates, shownMessages, type AnswerAlternates } from '../conversation';
import { type ChatMessage, type ChatState, orderedMessages } from './chat-state';

/** Where a shown answer stands among its alternates, for the "2 / 2" switcher. */
export interface AnswerVersion {
  /** 1-based position of the shown answer. */
  readonly position: number;
  readonly count: number;
  readonly previousId: string | null;
  readonly nextId: string | null;
}

// Computed once per state: the list and every answer's switcher read it on each publish.
const alternatesByState = new WeakMap<ChatState, Map<string, AnswerAlternates<ChatMessage>>>();
const shownByState = new WeakMap<ChatState, readonly string[]>();
let lastShownIds: readonly string[] = [];

function alternatesOf(state: ChatState): Map<string, AnswerAlternates<ChatMessage>> {
  let alternates = alternatesByState.get(state);
  if (alternates === undefined) {
    alternates = answerAlternates(orderedMessages(state));
    alternatesByState.set(state, alternates);
  }
  return alternates;
}

/** The set of alternates `id` belongs to, or undefined when it has none. */
export function alternatesOfAnswer(state: ChatState, id: string): AnswerAlternates<ChatMessage> | undefined {
  const message = state.messages[id];
  if (message?.role !== 'assistant') return undefined;
  return alternatesOf(state).get(message.alternateOf ?? id);
}

/**
 * The ids the message list renders: every message, but of a regenerated answer's alternates only
 * the shown one. The same array while it holds the same ids, so streaming does not re-render the list.
 */
export function shownMessageIds(state: ChatState): readonly string[] {
  const known = shownByState.get(state);
  if (known !== undefined) return known;
  const hasAlternates = state.messageIds.some((id) => state.messages[id]?.alternateOf !== undefined);
  let ids: readonly string[] = hasAlternates ? shownMessages(orderedMessages(state)).map((message) => message.id) : state.messageIds;
  if (ids !== state.messageIds && ids.length === lastShownIds.length && ids.every((id, index) => id === lastShownIds[index])) ids = lastShownIds;
  if (hasAlternates) lastShownIds = ids;
  shownByState.set(state, ids);
  return ids;
}

/** The switcher's numbers for a shown answer; null when it has no alternates. */
export function answerVersion(state: ChatState, id: string): AnswerVersion | null {
  const set = alternatesOfAnswer(state, id);
  if (set === undefined) return null;
  const index = set.answers.findIndex((answer) => answer.id === id);
  return {
    position: index + 1,
    count: set.answers.length,
    previousId: set.answers[index - 1]?.id ?? null,
    nextId: set.answers[index + 1]?.id ?? null,
  };
}

/**
 * The answer "Regenerate" is offered on: the last shown message, when it is an answer, and
 * nothing runs or waits for the user (a question or an approval).
 */
export function regenerableAnswerId(state: ChatState): string | null {
  if (state.running || state.pendingInput !== null || state.pendingApproval !== null) return null;
  const ids = shownMessageIds(state);
  const lastId = ids[ids.length - 1];
  const last = lastId === undefined ? undefined : state.messages[lastId];
  if (last?.role !== 'assistant') return null;
  // An answer needs a question before it to be asked again.
  return ids.some((id) => state.messages[id]?.role === 'user') ? last.id : null;
}

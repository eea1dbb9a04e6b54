import type { ConversationMessage } from './conversation';

/**
 * Answers regenerated for one question are alternates of one another (DESIGN.md 12.3,
 * docs/decisions/regenerate-answer.md): each regenerated answer names the first answer in
 * `alternateOf`. The chat shows one of each set, the one chosen last: the greatest `shownAt`,
 * else the latest `at` (a new answer is shown), else the later in the note. History sent to the
 * model, the chat's list and "Undo this turn" all go by the shown one.
 */
export interface AnswerAlternates<T extends ConversationMessage> {
  /** The set's answers in note order (the first answer, then its regenerations). */
  readonly answers: readonly T[];
  /** The one the chat shows. */
  readonly shown: T;
}

/** The set an answer belongs to: the first answer's id; a message without one is a set of its own. */
function setKeyOf(message: ConversationMessage, index: number): string {
  if (message.role !== 'assistant') return `#${index}`;
  return message.alternateOf ?? message.id ?? `#${index}`;
}

function chosenAt(message: ConversationMessage): number {
  return message.shownAt ?? message.at ?? Number.NEGATIVE_INFINITY;
}

/** The alternates of every answer that has some, keyed by the first answer's id. */
export function answerAlternates<T extends ConversationMessage>(messages: readonly T[]): Map<string, AnswerAlternates<T>> {
  const sets = new Map<string, T[]>();
  messages.forEach((message, index) => {
    const key = setKeyOf(message, index);
    const set = sets.get(key);
    if (set === undefined) sets.set(key, [message]);
    else set.push(message);
  });
  const result = new Map<string, AnswerAlternates<T>>();
  for (const [key, answers] of sets) {
    if (answers.length < 2) continue;
    // Ties go to the later answer: a just-regenerated answer wins over one of the same time.
    const shown = answers.reduce((best, answer) => (chosenAt(answer) >= chosenAt(best) ? answer : best));
    result.set(key, { answers, shown });
  }
  return result;
}

/** The messages as the chat shows them: of each set of alternates only the shown answer. */
export function shownMessages<T extends ConversationMessage>(messages: readonly T[]): T[] {
  if (!messages.some((message) => message.alternateOf !== undefined)) return [...messages];
  const alternates = answerAlternates(messages);
  return messages.filter((message, index) => {
    const set = alternates.get(setKeyOf(message, index));
    return set === undefined || set.shown === message;
  });
}

/** The `shownAt` that makes `message` the shown one of its set: now, or later than any choice before. */
export function shownAtFor<T extends ConversationMessage>(answers: readonly T[], now: number): number {
  return Math.max(now, ...answers.map((answer) => chosenAt(answer) + 1));
}

import type { ChatSession } from '../../chat';
import type { InAppAnswer } from './cli-handler-services';

/**
 * `glassbox:ask` inside the app: the question goes to a new chat session, shown so the user sees
 * the run and can answer an approval card, and the answer comes back when the run has ended.
 */
export function inAppAsk(sessions: { create(): ChatSession }, show: (session: ChatSession) => Promise<unknown>): (question: string) => Promise<InAppAnswer> {
  return async (question) => {
    const session = sessions.create();
    // Shown before it runs: the chat follows the run from its first step.
    await show(session);
    await session.controller.send(question);
    const state = session.controller.store.getState();
    return { status: state.error === null ? 'answered' : 'failed', answer: session.controller.lastAnswer() ?? '', error: state.error, note: session.notePath };
  };
}

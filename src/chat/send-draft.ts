import type { ChatController } from './chat-controller';
import type { DraftContext } from './draft-context';

/**
 * Sends `question` with what the draft attaches (its chips and the prompt it came from), and
 * clears the draft for the next question: the one way a drafted question leaves, for the composer
 * and for a prompt run from the command palette alike.
 */
export function sendDraft(controller: ChatController, draft: DraftContext, question: string): Promise<void> {
  const context = draft.questionContext();
  draft.sent();
  return controller.send(question, context);
}

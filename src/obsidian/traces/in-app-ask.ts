import type { ChatWorkspace } from '../workspace/chat-workspace';
import type { InAppAnswer } from './cli-handler-services';
import { t } from '../../i18n';

/**
 * `glassbox:ask` inside the app: the question goes to a new chat tab, shown before it runs so the
 * user sees the run and can answer an approval card, and the answer comes back when it has ended.
 */
export function inAppAsk(chat: Pick<ChatWorkspace, 'askInNewTab'>): (question: string) => Promise<InAppAnswer> {
  return async (question) => {
    const session = await chat.askInNewTab(question);
    if (session === null) return { status: 'failed', answer: '', error: t('notice.chatViewFailed'), note: '' };
    const state = session.controller.store.getState();
    return { status: state.error === null ? 'answered' : 'failed', answer: session.controller.lastAnswer() ?? '', error: state.error, note: session.notePath };
  };
}

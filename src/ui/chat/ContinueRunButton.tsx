import { resumableMessageId } from '../../chat';
import { useChatController, useChatSelector } from './useChatSelector';
import { t } from '../../i18n';

/**
 * "Continue" under an answer whose run was stopped or hit the step limit (DESIGN.md 11.2): only
 * on the chat's last message, and only while nothing runs. It resumes the run with its transcript.
 */
export function ContinueRunButton({ messageId }: { readonly messageId: string }) {
  const shown = useChatSelector((state) => resumableMessageId(state) === messageId);
  const controller = useChatController();
  if (!shown) return null;
  return (
    <div className="glassbox-continue-run">
      <button type="button" className="glassbox-continue-button" data-testid="continue-run" onClick={() => void controller.continueRun()}>
        {t('chat.continue')}
      </button>
    </div>
  );
}

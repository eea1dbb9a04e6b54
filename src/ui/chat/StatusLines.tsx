import type { ChatMessage } from '../../chat';
import { parseAssistantContent } from '../../markers';
import { useChatServices } from './chat-services';
import { useChatSelector } from './useChatSelector';
import { t } from '../../i18n';

/** The error line of a failure no trace shows (a run that could not start, a save) and the neutral notice line (e.g. the index is building). */
export function StatusLines() {
  // A failed run's error is in its trace already; the line says it only for a failure outside one.
  const error = useChatSelector((state) => state.error);
  const inTrace = useChatSelector((state) => state.error !== null && failureInTrace(state.messages[state.messageIds.at(-1) ?? ''], state.error));
  const notice = useChatSelector((state) => state.notice);
  const opensSettings = useChatSelector((state) => state.errorOpensSettings);
  const { host } = useChatServices();
  return (
    <>
      {notice !== null ? (
        <div className="glassbox-notice-line" data-testid="chat-notice">
          {notice}
        </div>
      ) : null}
      {error !== null && (!inTrace || opensSettings) ? (
        <div className="glassbox-error-line" role="alert" data-testid="chat-error">
          {inTrace ? null : error}
          {opensSettings && host.openSettings ? (
            <button type="button" className="glassbox-error-action" onClick={() => host.openSettings?.()}>
              {t('chat.openSettings')}
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function failureInTrace(message: ChatMessage | undefined, error: string): boolean {
  if (message === undefined || message.role !== 'assistant') return false;
  const payload = message.run?.reasoning ?? parseAssistantContent(message.content).reasoning;
  return payload?.status === 'error' && payload.error === error;
}

import { useChatServices } from './chat-services';
import { useChatSelector } from './useChatSelector';
import { t } from '../../i18n';

/** The error line of a failed run and the neutral notice line (e.g. the index is building). */
export function StatusLines() {
  const error = useChatSelector((state) => state.error);
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
      {error !== null ? (
        <div className="glassbox-error-line" role="alert" data-testid="chat-error">
          {error}
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

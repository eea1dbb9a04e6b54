import { useChatSelector } from './useChatSelector';

/** The error line of a failed run and the neutral notice line (e.g. the index is building). */
export function StatusLines() {
  const error = useChatSelector((state) => state.error);
  const notice = useChatSelector((state) => state.notice);
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
        </div>
      ) : null}
    </>
  );
}

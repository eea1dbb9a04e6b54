import { type KeyboardEvent, useState } from 'react';
import { useChatController, useChatSelector } from './useChatSelector';

/**
 * The message box. Its text is local state, so typing re-renders the composer alone and never
 * a message. Enter sends, Shift+Enter adds a line; while a question is open it answers it.
 */
export function Composer() {
  const controller = useChatController();
  const running = useChatSelector((state) => state.running);
  const asking = useChatSelector((state) => state.pendingInput !== null);
  const [text, setText] = useState('');
  const canSend = text.trim() !== '' && (!running || asking);

  const submit = (): void => {
    if (!canSend) return;
    setText('');
    void controller.send(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    // isComposing: Enter that confirms an IME candidate (Chinese, Japanese) must not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="glassbox-composer">
      <textarea
        className="glassbox-composer-input"
        data-testid="composer-input"
        aria-label={asking ? 'Your answer' : 'Message'}
        placeholder={asking ? 'Answer the question…' : 'Ask about your notes…'}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="glassbox-composer-actions">
        {running ? (
          <button type="button" className="glassbox-stop mod-warning" data-testid="stop-button" onClick={() => controller.stop()}>
            Stop
          </button>
        ) : null}
        <button type="button" className="mod-cta" data-testid="send-button" disabled={!canSend} onClick={submit}>
          {asking ? 'Answer' : 'Send'}
        </button>
      </div>
    </div>
  );
}

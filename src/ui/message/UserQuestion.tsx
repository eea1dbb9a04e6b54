import { type KeyboardEvent, memo, useState } from 'react';
import { useChatController, useChatSelector } from '../chat/useChatSelector';

/**
 * A question the user sent, as they typed it (text, never Markdown or HTML). The last one, once
 * its run is over, can be edited and sent again: the edited question replaces that turn.
 */
export const UserQuestion = memo(function UserQuestion({ id, content }: { readonly id: string; readonly content: string }) {
  const controller = useChatController();
  const editable = useChatSelector((state) => !state.running && state.pendingInput === null && lastUserId(state.messageIds, state.messages) === id);
  const [draft, setDraft] = useState<string | null>(null);

  if (draft === null || !editable) {
    return (
      <>
        <div className="glassbox-user-text">{content}</div>
        {editable ? (
          <button type="button" className="glassbox-edit-question" data-testid="edit-question" aria-label="Edit this question and send it again" onClick={() => setDraft(content)}>
            Edit
          </button>
        ) : null}
      </>
    );
  }

  const send = (): void => {
    if (draft.trim() === '') return;
    setDraft(null);
    void controller.resendLastQuestion(draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Escape') setDraft(null);
    else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  return (
    <div className="glassbox-question-editor">
      <textarea
        className="glassbox-question-input"
        data-testid="edit-question-input"
        aria-label="Edited question"
        // The user asked to edit: the box takes the keyboard at once.
        autoFocus
        rows={3}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="glassbox-question-editor-actions">
        <button type="button" data-testid="edit-question-cancel" onClick={() => setDraft(null)}>
          Cancel
        </button>
        <button type="button" className="mod-cta" data-testid="edit-question-send" disabled={draft.trim() === ''} onClick={send}>
          Send again
        </button>
      </div>
    </div>
  );
});

function lastUserId(ids: readonly string[], messages: Readonly<Record<string, { readonly role: string }>>): string | null {
  for (let index = ids.length - 1; index >= 0; index -= 1) if (messages[ids[index]]?.role === 'user') return ids[index];
  return null;
}

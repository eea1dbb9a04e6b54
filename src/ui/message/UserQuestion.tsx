import { type KeyboardEvent, memo, useState } from 'react';
import { useChatController, useChatSelector } from '../chat/useChatSelector';
import { t } from '../../i18n';
import { focusOnMount } from '../focus-on-mount';

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
          <button type="button" className="glassbox-edit-question clickable-icon" data-testid="edit-question" aria-label={t('question.edit')} title={t('question.editTitle')} onClick={() => setDraft(content)}>
            <PencilIcon />
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
        aria-label={t('question.edited')}
        // The user asked to edit: the box takes the keyboard at once.
        ref={focusOnMount}
        rows={3}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="glassbox-question-editor-actions">
        <button type="button" data-testid="edit-question-cancel" onClick={() => setDraft(null)}>
          {t('question.cancel')}
        </button>
        <button type="button" className="mod-cta" data-testid="edit-question-send" disabled={draft.trim() === ''} onClick={send}>
          {t('question.sendAgain')}
        </button>
      </div>
    </div>
  );
});

function lastUserId(ids: readonly string[], messages: Readonly<Record<string, { readonly role: string }>>): string | null {
  for (let index = ids.length - 1; index >= 0; index -= 1) if (messages[ids[index]]?.role === 'user') return ids[index];
  return null;
}

/** Lucide's "pencil", the icon Obsidian uses for editing; drawn here because src/ui has no `setIcon`. */
function PencilIcon() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497z" />
      <path d="m15 5 4 4" />
    </svg>
  );
}

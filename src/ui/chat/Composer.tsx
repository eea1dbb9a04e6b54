import { type ClipboardEvent, type DragEvent, type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { ContextChips } from '../context/ContextChips';
import { SuggestionList } from '../context/SuggestionList';
import { useNoteSuggest } from '../context/useNoteSuggest';
import { usePromptSuggest } from '../context/usePromptSuggest';
import { useChatServices } from './chat-services';
import { useChatController, useChatSelector } from './useChatSelector';
import { sendDraft } from '../../chat';
import { t } from '../../i18n';

/**
 * The message box. Its text is local state, so typing re-renders the composer alone and never
 * a message; each change is also handed to the session's draft, which keeps it when the view
 * goes (another tab, a closed view, a restart) and gives it back when a view shows it again. Enter sends, Shift+Enter adds a line; while a question is open it answers it.
 * Above it, the chips of what the question carries; `[[` opens the note suggester.
 */
export function Composer() {
  const controller = useChatController();
  const sources = useChatServices().context;
  const running = useChatSelector((state) => state.running);
  const asking = useChatSelector((state) => state.pendingInput !== null);
  const draft = sources?.draft ?? null;
  const [text, setTextState] = useState(() => draft?.text ?? '');
  const [caret, setCaret] = useState(0);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const listId = useId();
  const canSend = text.trim() !== '' && (!running || asking);

  const typeText = (next: string): void => {
    setTextState(next);
    draft?.setText(next);
  };
  const setText = (next: string, at: number): void => {
    typeText(next);
    setCaret(at);
    pendingCaret.current = at;
  };
  // Another session's draft (the view shows another session): its text.
  useLayoutEffect(() => setTextState(draft?.text ?? ''), [draft]);
  const suggest = useNoteSuggest({ sources, text, caret, setText });
  const prompts = usePromptSuggest({ sources: asking ? null : sources, text, caret, setText });

  // After a pick the caret goes where the `[[query` was.
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || inputRef.current === null) return;
    pendingCaret.current = null;
    inputRef.current.setSelectionRange(at, at);
  });

  const submit = (): void => {
    if (!canSend) return;
    setText('', 0);
    if (asking || sources === null) {
      void controller.send(text);
      return;
    }
    void sendDraft(controller, sources.draft, text);
  };

  // Images pasted or dropped become chips (saved as attachments by the host); text pastes as usual.
  const takeImages = (files: FileList | null, event: ClipboardEvent | DragEvent): void => {
    const images = [...(files ?? [])].filter((file) => file.type.startsWith('image/'));
    if (images.length === 0 || sources?.attachImage === undefined || asking) return;
    event.preventDefault();
    for (const file of images) void file.arrayBuffer().then((data) => sources.attachImage?.({ name: file.name, type: file.type, data }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (prompts.onKeyDown(event) || suggest.onKeyDown(event)) return;
    // isComposing: Enter that confirms an IME candidate (Chinese, Japanese) must not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="glassbox-composer">
      {sources !== null && !asking ? <ContextChips sources={sources} onDone={() => inputRef.current?.focus()} /> : null}
      {prompts.open ? (
        <SuggestionList
          id={listId}
          label={t('composer.prompts')}
          items={prompts.items.map(({ prompt, matches }) => ({ key: prompt.path, label: prompt.name, matches, ...(prompt.description !== undefined ? { note: prompt.description } : {}) }))}
          active={prompts.active}
          empty={prompts.loading ? t('composer.readingPrompts') : t('composer.noPrompt')}
          onPick={prompts.pick}
          onHover={prompts.setActive}
        />
      ) : suggest.open ? (
        <SuggestionList
          id={listId}
          label={t('composer.notes')}
          items={suggest.items.map((item) => ({ key: `${item.path}\n${item.label}`, label: item.label, matches: item.matches, note: item.title ?? folderOf(item.path) }))}
          active={suggest.active}
          empty={t('composer.noNote')}
          onPick={suggest.pick}
          onHover={suggest.setActive}
        />
      ) : null}
      <textarea
        ref={inputRef}
        className="glassbox-composer-input"
        data-testid="composer-input"
        aria-label={asking ? t('composer.yourAnswer') : t('composer.message')}
        aria-autocomplete={sources !== null ? 'list' : undefined}
        aria-controls={prompts.open || suggest.open ? listId : undefined}
        aria-activedescendant={prompts.open ? (prompts.active >= 0 ? `${listId}-${prompts.active}` : undefined) : suggest.open && suggest.active >= 0 ? `${listId}-${suggest.active}` : undefined}
        placeholder={asking ? t('composer.answerPlaceholder') : sources === null ? t('composer.askPlaceholder') : sources.listPrompts !== undefined ? t('composer.askPlaceholderLinksPrompts') : t('composer.askPlaceholderLinks')}
        rows={3}
        value={text}
        onChange={(event) => {
          typeText(event.target.value);
          setCaret(event.target.selectionStart);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onPaste={(event) => takeImages(event.clipboardData.files, event)}
        onDrop={(event) => takeImages(event.dataTransfer.files, event)}
      />
      <div className="glassbox-composer-actions">
        {running ? (
          <button type="button" className="glassbox-stop mod-warning" data-testid="stop-button" onClick={() => controller.stop()}>
            {t('composer.stop')}
          </button>
        ) : null}
        <button type="button" className="mod-cta" data-testid="send-button" disabled={!canSend} onClick={submit}>
          {asking ? t('composer.answer') : t('composer.send')}
        </button>
      </div>
    </div>
  );
}

function folderOf(path: string): string | undefined {
  const slash = path.lastIndexOf('/');
  return slash > 0 ? path.slice(0, slash) : undefined;
}

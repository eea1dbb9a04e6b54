import { type AbstractTextComponent, debounce } from 'obsidian';

/** How long typing must pause before a text setting is taken. */
export const TEXT_COMMIT_PAUSE_MS = 800;

/**
 * Calls `commit` with the field's value once the user is done: when the field is left, or
 * after a pause in typing; never on every keystroke (Obsidian's `onChange` fires per `input`
 * event, and a half-typed base URL must not be saved, shown in the chats, or sent a request).
 */
export function onTextCommitted(text: AbstractTextComponent<HTMLInputElement | HTMLTextAreaElement>, commit: (value: string) => void): void {
  let committed = text.getValue();
  const commitNow = (): void => {
    const value = text.getValue();
    if (value === committed) return;
    committed = value;
    commit(value);
  };
  const afterPause = debounce(commitNow, TEXT_COMMIT_PAUSE_MS, true);
  text.onChange(() => void afterPause());
  text.inputEl.addEventListener('blur', () => {
    afterPause.cancel();
    commitNow();
  });
}

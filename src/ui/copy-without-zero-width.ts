/**
 * What the user copies from model text Glassbox shows is what the model wrote (DESIGN.md 13.1):
 * the neutraliser puts zero-width spaces (U+200B) where a form would run or load
 * (docs/decisions/inert-answer-code.md), and a copy must not carry them (a heredoc `<<\u200bEOF`
 * never ends). Under `root` (the chat view, a conversation note's reading view), a selection
 * copied with the keyboard or the context menu, and a code block copied with its copy button, go
 * to the clipboard as plain text without them. Returns the function that takes the listeners off.
 */

const ZERO_WIDTH = /\u200b/g;

export function copyWithoutZeroWidth(root: HTMLElement): () => void {
  const onCopy = (event: ClipboardEvent): void => {
    const text = root.ownerDocument.getSelection()?.toString() ?? '';
    if (event.clipboardData === null || !text.includes('\u200b')) return;
    event.clipboardData.setData('text/plain', text.replace(ZERO_WIDTH, ''));
    event.preventDefault();
  };
  // Obsidian's copy button on a code block writes the code's text itself: take it first (capture).
  const onClick = (event: MouseEvent): void => {
    const button = event.target instanceof Element ? event.target.closest('.copy-code-button') : null;
    const code = button?.closest('pre')?.querySelector('code')?.textContent ?? null;
    if (code === null || !code.includes('\u200b')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    void root.ownerDocument.defaultView?.navigator.clipboard?.writeText(code.replace(ZERO_WIDTH, ''));
  };
  root.addEventListener('copy', onCopy);
  root.addEventListener('click', onClick, true);
  return () => {
    root.removeEventListener('copy', onCopy);
    root.removeEventListener('click', onClick, true);
  };
}

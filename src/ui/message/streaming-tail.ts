/**
 * The open tail block of a streaming answer, shown as plain text (issue 17 item 4): each frame
 * appends only the characters that arrived, as a text node, instead of re-rendering the block's
 * Markdown. The block is rendered as Markdown once, when it closes (the next block starts or the
 * run ends). Text nodes only: nothing the model writes becomes HTML, whatever it contains.
 */

/** Fills `el` with `text` as the tail's paragraph. */
export function fillStreamingTail(el: HTMLElement, text: string): void {
  const doc = el.ownerDocument;
  el.classList.add('glassbox-piece-streaming');
  const paragraph = el.appendChild(doc.createElement('p'));
  paragraph.className = 'glassbox-streaming-text';
  paragraph.appendChild(doc.createTextNode(text));
}

/**
 * Appends what `next` adds to `shown` as one text node. False when `next` does not continue
 * `shown` (the block was rewritten, not extended): the caller renders the tail afresh.
 */
export function extendStreamingTail(el: HTMLElement, shown: string, next: string): boolean {
  const paragraph = el.firstElementChild;
  if (paragraph === null || !next.startsWith(shown)) return false;
  if (next.length > shown.length) paragraph.appendChild(el.ownerDocument.createTextNode(next.slice(shown.length)));
  return true;
}

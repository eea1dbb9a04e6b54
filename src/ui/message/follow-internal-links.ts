import type { HostServices } from '../host-services';

/**
 * Internal links in a rendered message open the note, as a click in reading view would: the
 * primary button, a middle click (auxclick) in a new tab (the host reads the modifiers); hovering
 * one offers Obsidian's page preview. Links resolve against `sourcePath()` at the moment of the
 * click. Returns what removes the listeners.
 */
export function followInternalLinks(body: HTMLElement, host: HostServices, sourcePath: () => string): () => void {
  const onClick = (event: MouseEvent): void => {
    if (event.type === 'auxclick' && event.button !== 1) return;
    const link = internalLinkOf(event);
    if (link === null) return;
    event.preventDefault();
    host.openLink(link.linktext, sourcePath(), event);
  };
  const onHover = (event: MouseEvent): void => {
    const link = internalLinkOf(event);
    if (link !== null) host.hoverLink?.({ event, linktext: link.linktext, sourcePath: sourcePath(), targetEl: link.el });
  };
  body.addEventListener('click', onClick);
  body.addEventListener('auxclick', onClick);
  body.addEventListener('mouseover', onHover);
  return () => {
    body.removeEventListener('click', onClick);
    body.removeEventListener('auxclick', onClick);
    body.removeEventListener('mouseover', onHover);
  };
}

/** The internal link (`a.internal-link`) the event happened in, and its link text. */
function internalLinkOf(event: MouseEvent): { el: HTMLElement; linktext: string } | null {
  const target = event.target;
  if (!(target instanceof Element)) return null;
  const el = target.closest<HTMLElement>('a.internal-link');
  const linktext = el?.getAttribute('data-href') ?? el?.getAttribute('href') ?? '';
  return el && linktext !== '' ? { el, linktext } : null;
}

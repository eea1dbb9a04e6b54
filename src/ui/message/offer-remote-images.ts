import { t } from '../../i18n';

/** What the note form leaves before an image turned into a link: `!` and zero-width spaces (inert-message-text.ts). */
const IMAGE_MARK = /!\u200b+$/;

/**
 * After an answer block is rendered: each image the neutralising turned into a link (`!` and a
 * zero-width space, then `a`) becomes, when its URL is remote (http or https), a button "Load
 * image from HOST" that shows the image only when clicked, with the full URL as its tooltip; a
 * local image stays a link to the file. Nothing is fetched before the click.
 */
export function offerRemoteImages(el: HTMLElement): void {
  for (const link of [...el.querySelectorAll('a')]) {
    const before = link.previousSibling;
    if (before === null || before.nodeType !== Node.TEXT_NODE || !IMAGE_MARK.test(before.nodeValue ?? '')) continue;
    before.nodeValue = (before.nodeValue ?? '').replace(IMAGE_MARK, '');
    const url = remoteUrl(link.getAttribute('href') ?? '');
    if (url !== null) link.replaceWith(loadImageButton(link, url));
  }
}

function remoteUrl(href: string): URL | null {
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function loadImageButton(link: HTMLAnchorElement, url: URL): HTMLButtonElement {
  const doc = link.ownerDocument;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'glassbox-load-image';
  button.setAttribute('data-testid', 'load-image');
  button.title = url.href;
  button.textContent = t('answer.loadImage', { host: url.hostname });
  const alt = link.textContent ?? '';
  button.addEventListener('click', () => {
    const image = doc.createElement('img');
    image.alt = alt;
    image.src = url.href;
    button.replaceWith(image);
  });
  return button;
}

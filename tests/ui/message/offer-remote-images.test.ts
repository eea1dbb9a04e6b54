import { offerRemoteImages } from '../../../src/ui/message/offer-remote-images';
import '../../../tools/fake-obsidian';
import { renderMarkdownInto } from '../../../tools/fake-obsidian/markdown-dom';
import { neutraliseMessageText } from '../../../src/conversation';

function rendered(markdown: string): HTMLElement {
  const el = document.body.createDiv();
  renderMarkdownInto(neutraliseMessageText(markdown), el);
  offerRemoteImages(el);
  return el;
}

afterEach(() => document.body.replaceChildren());

describe('offerRemoteImages', () => {
  it('turns a neutralised remote image into a button that loads it only on click', () => {
    const el = rendered('See ![the chart](https://cdn.example.org/c.png?d=x) here');
    expect(el.querySelector('img')).toBeNull();
    const button = el.querySelector('button')!;
    expect(button.textContent).toBe('Load image from cdn.example.org');
    expect(el.textContent).toBe('See Load image from cdn.example.org here');
    button.click();
    expect(el.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.org/c.png?d=x');
    expect(el.querySelector('img')?.getAttribute('alt')).toBe('the chart');
    expect(el.querySelector('button')).toBeNull();
  });

  it('leaves a local image a link to the file, and an ordinary link untouched', () => {
    const el = rendered('![diagram](Attachments/d.png) and [site](https://example.org)!');
    expect(el.querySelector('button')).toBeNull();
    expect([...el.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['diagram', 'site']);
    expect(el.textContent).toBe('diagram and site!');
  });
});

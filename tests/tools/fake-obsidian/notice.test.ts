import { clearNotices, Notice } from '../../../tools/fake-obsidian';

describe('fake Notice', () => {
  afterEach(() => clearNotices());

  it('without a duration stays until clicked, as in Obsidian, and a click hides only that one', () => {
    new Notice('Glassbox is waiting for your approval');
    new Notice('Exported to Chat.md.');
    const notices = () => [...document.querySelectorAll('.notice')].map((notice) => notice.textContent);
    expect(notices()).toEqual(['Glassbox is waiting for your approval', 'Exported to Chat.md.']);
    document.querySelector<HTMLElement>('.notice .notice-message')!.click();
    expect(notices()).toEqual(['Exported to Chat.md.']);
  });

  it('keeps a notice when the click was on a link or button inside it (the plugin handles that)', () => {
    const message = document.createDocumentFragment();
    const button = message.appendChild(document.createElement('button'));
    button.textContent = 'Open the chat';
    new Notice(message);
    document.querySelector<HTMLElement>('.notice button')!.click();
    expect(document.querySelectorAll('.notice')).toHaveLength(1);
  });
});

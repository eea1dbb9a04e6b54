import { clearNotices, Notice } from '../../../tools/fake-obsidian';
import { NOTICE_DEFAULT_DURATION_MS } from '../../../tools/fake-obsidian/notice';

describe('fake Notice', () => {
  afterEach(() => clearNotices());

  it('a click hides only the notice clicked', () => {
    new Notice('Glassbox is waiting for your approval');
    new Notice('Exported to Chat.md.');
    const notices = () => [...document.querySelectorAll('.notice')].map((notice) => notice.textContent);
    expect(notices()).toEqual(['Glassbox is waiting for your approval', 'Exported to Chat.md.']);
    document.querySelector<HTMLElement>('.notice .notice-message')!.click();
    expect(notices()).toEqual(['Exported to Chat.md.']);
  });

  // Issue 38 item 3: "Undid the last change…", "Exported to…" stayed for minutes on the chat's toolbar.
  it('without a duration goes away after a few seconds, as in Obsidian; with 0 it stays until clicked', () => {
    jest.useFakeTimers();
    try {
      new Notice('Exported to Chat.md.');
      new Notice('Glassbox is waiting for your approval', 0);
      const notices = () => [...document.querySelectorAll('.notice')].map((notice) => notice.textContent);
      jest.advanceTimersByTime(NOTICE_DEFAULT_DURATION_MS - 1);
      expect(notices()).toEqual(['Exported to Chat.md.', 'Glassbox is waiting for your approval']);
      jest.advanceTimersByTime(1);
      expect(notices()).toEqual(['Glassbox is waiting for your approval']);
      jest.advanceTimersByTime(60 * 60 * 1000);
      expect(notices()).toEqual(['Glassbox is waiting for your approval']);
    } finally {
      jest.useRealTimers();
    }
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

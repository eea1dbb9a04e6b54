/** Every notice message shown since the last `clearNotices()`, oldest first. */
export const noticeLog: string[] = [];

/** Fake-only: forgets the logged messages and removes the notice elements. */
export function clearNotices(): void {
  noticeLog.length = 0;
  if (typeof document !== 'undefined') document.querySelector('.notice-container')?.remove();
}

/** How long a notice without a duration stays, as in Obsidian (a notice that never went away covered the chat's toolbar). */
export const NOTICE_DEFAULT_DURATION_MS = 5000;

/**
 * Obsidian's `Notice`: a toast in a `.notice-container` at the end of `document.body`. Messages
 * are also appended to `noticeLog`. It hides after `duration` ms, {@link NOTICE_DEFAULT_DURATION_MS}
 * when none is given (0 = stays until clicked); a click on it hides it, as in Obsidian, unless a
 * link or button in it was the target (a plugin's own action in the message).
 */
export class Notice {
  /** The notice element. */
  noticeEl: HTMLElement;
  /** The container all notices share. */
  containerEl: HTMLElement;
  /** The message element. */
  messageEl: HTMLElement;

  constructor(message: string | DocumentFragment, duration?: number) {
    if (typeof document === 'undefined') {
      this.containerEl = this.noticeEl = this.messageEl = {} as HTMLElement;
      noticeLog.push(typeof message === 'string' ? message : (message.textContent ?? ''));
      return;
    }
    this.containerEl = document.querySelector<HTMLElement>('.notice-container') ?? document.body.createDiv('notice-container');
    this.noticeEl = this.containerEl.createDiv({ cls: 'notice', attr: { role: 'status' } });
    this.messageEl = this.noticeEl.createDiv('notice-message');
    this.setMessage(message);
    this.noticeEl.addEventListener('click', (event) => {
      if ((event.target as Element | null)?.closest('a, button')) return;
      this.hide();
    });
    const shownFor = duration ?? NOTICE_DEFAULT_DURATION_MS;
    if (shownFor > 0) globalThis.setTimeout(() => this.hide(), shownFor);
  }

  /** Replaces the message (logged again). */
  setMessage(message: string | DocumentFragment): this {
    noticeLog.push(typeof message === 'string' ? message : (message.textContent ?? ''));
    if (typeof document !== 'undefined') this.messageEl.setText(message);
    return this;
  }

  /** Removes the notice. */
  hide(): void {
    if (typeof document !== 'undefined') this.noticeEl.remove();
  }
}

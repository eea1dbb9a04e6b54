import type { App } from './app';

/** Obsidian's `Modal`: `open` puts it in `document.body` and calls `onOpen`; `close` calls `onClose`. */
export class Modal {
  /** The app. */
  app: App;
  /** The modal's outer element. */
  containerEl: HTMLElement;
  /** The dialog. */
  modalEl: HTMLElement;
  /** The title. */
  titleEl: HTMLElement;
  /** Where the content goes. */
  contentEl: HTMLElement;
  /** Fake-only: whether the modal is open. */
  isOpen = false;
  private closeCallback: (() => unknown) | null = null;

  constructor(app: App) {
    this.app = app;
    this.containerEl = createDiv();
    this.containerEl.className = 'modal-container';
    this.modalEl = this.containerEl.createDiv({ cls: 'modal', attr: { role: 'dialog' } });
    this.titleEl = this.modalEl.createDiv('modal-title');
    this.contentEl = this.modalEl.createDiv('modal-content');
  }

  /** Shows the modal. */
  open(): void {
    if (this.isOpen) return;
    this.isOpen = true;
    document.body.appendChild(this.containerEl);
    void this.onOpen();
  }

  /** Hides the modal. */
  close(): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.containerEl.remove();
    this.onClose();
    void this.closeCallback?.();
  }

  /** Override to build the content. */
  onOpen(): Promise<void> | void {}

  /** Override to clean up. */
  onClose(): void {}

  /** Sets the title. */
  setTitle(title: string): this {
    this.titleEl.setText(title);
    return this;
  }

  /** Sets the content. */
  setContent(content: string | DocumentFragment): this {
    this.contentEl.setText(content);
    return this;
  }

  /** Called after close. */
  setCloseCallback(callback: () => unknown): this {
    this.closeCallback = callback;
    return this;
  }
}

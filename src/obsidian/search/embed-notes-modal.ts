import { type App, Modal, Setting } from 'obsidian';
import { t } from '../../i18n';

/**
 * Asks before the notes are embedded: what will be sent, where, and what it costs. Resolves
 * true for "Embed notes", false for "Cancel" or closing the dialog.
 */
export function confirmEmbedding(app: App, details: { plan: string; endpoint: string; model: string }): Promise<boolean> {
  return new Promise((resolve) => {
    const modal = new EmbedNotesModal(app, details, resolve);
    modal.open();
  });
}

class EmbedNotesModal extends Modal {
  private answered = false;

  constructor(
    app: App,
    private readonly details: { plan: string; endpoint: string; model: string },
    private readonly answer: (embed: boolean) => void,
  ) {
    super(app);
  }

  override onOpen(): void {
    const { plan, endpoint, model } = this.details;
    this.setTitle(t('semantic.modalTitle'));
    this.contentEl.createEl('p', { text: t('semantic.modalSend', { plan, endpoint, model }) });
    this.contentEl.createEl('p', { text: t('semantic.modalBackground') });
    new Setting(this.contentEl)
      .addButton((button) => button.setButtonText(t('semantic.cancel')).onClick(() => this.close()))
      .addButton((button) =>
        button
          .setButtonText(t('semantic.embed'))
          .setCta()
          .onClick(() => this.settle(true)),
      );
  }

  override onClose(): void {
    this.settle(false);
  }

  private settle(embed: boolean): void {
    if (this.answered) return;
    this.answered = true;
    this.answer(embed);
    this.close();
  }
}

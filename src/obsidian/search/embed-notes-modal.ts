import { type App, Modal, Setting } from 'obsidian';

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
    this.setTitle('Embed notes for search by meaning');
    this.contentEl.createEl('p', { text: `Glassbox will send the passages of ${plan} to ${endpoint} to be embedded with "${model}".` });
    this.contentEl.createEl('p', { text: 'This runs in the background, with its progress in the status bar. Afterwards only changed notes are sent again.' });
    new Setting(this.contentEl)
      .addButton((button) => button.setButtonText('Cancel').onClick(() => this.close()))
      .addButton((button) =>
        button
          .setButtonText('Embed notes')
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

import type { Locator, Page } from 'playwright-core';

/** Locators and actions on the plugin's chat view, as a user sees it. */
export class ChatPage {
  constructor(readonly page: Page) {}

  /** The chat panel in the right sidebar. */
  get panel(): Locator {
    // The tab in front: the others' panels are hidden (Playwright's :visible).
    return this.page.locator('.playground-sidebar [data-testid="chat-panel"]:visible');
  }

  /** The newest assistant message. */
  get lastAnswer(): Locator {
    return this.panel.locator('[data-testid="message-assistant"]').last();
  }

  /** The newest assistant message's reasoning block. */
  get block(): Locator {
    return this.lastAnswer.locator('[data-testid="reasoning-block"]');
  }

  get header(): Locator {
    return this.block.locator('[data-testid="reasoning-header"]');
  }

  get label(): Locator {
    return this.block.locator('[data-testid="reasoning-label"]');
  }

  get steps(): Locator {
    return this.block.locator('[data-testid="reasoning-step"]');
  }

  /** Picks the model for the next run in the toolbar (any name can be typed). */
  async useModel(model: string): Promise<void> {
    await this.panel.locator('[data-testid="model-picker"]').fill(model);
  }

  /** Types a question into the composer and sends it. */
  async ask(question: string): Promise<void> {
    await this.panel.locator('[data-testid="composer-input"]').fill(question);
    await this.panel.locator('[data-testid="send-button"]').click();
  }

  /** The block's `data-status` (reasoning, collapsed, complete, stopped, ...). */
  status(): Promise<string | null> {
    return this.block.getAttribute('data-status');
  }

  expanded(): Promise<string | null> {
    return this.header.getAttribute('aria-expanded');
  }

  /**
   * Opens the newest trace as a user does after a run. A finished answer's block folds by itself
   * about a second after its answer started (DESIGN.md 5); a click before that would fold it, so
   * it waits for the fold first. Not for a block the test already opened or closed by hand.
   */
  async openTrace(): Promise<void> {
    const status = await this.status();
    if (status === 'complete' || status === 'collapsed') await this.block.and(this.page.locator('[data-expanded="false"]')).waitFor();
    if ((await this.expanded()) === 'false') await this.header.click();
  }

  /** Waits until the block's status is one of `statuses`. */
  async waitForStatus(statuses: readonly string[], timeout = 15000): Promise<void> {
    await this.page.waitForFunction(
      ([selector, wanted]) => {
        const blocks = document.querySelectorAll(selector);
        const status = blocks[blocks.length - 1]?.getAttribute('data-status');
        return status !== undefined && status !== null && wanted.includes(status);
      },
      ['.playground-sidebar [data-testid="message-assistant"] [data-testid="reasoning-block"]', [...statuses]] as const,
      { timeout },
    );
  }

  /** Waits until no run is in progress (the stop button is gone). */
  async waitForIdle(timeout = 20000): Promise<void> {
    await this.panel.locator('[data-testid="stop-button"]').waitFor({ state: 'detached', timeout });
  }

  /** The seconds shown in a "Reasoning · 9s" label, or null for another label. */
  static seconds(label: string | null): number | null {
    const match = /(\d+)s\b/.exec(label ?? '');
    return match ? Number(match[1]) : null;
  }
}

import { ChatPage } from './support/chat-page';
import { startPlaygroundSession, type PlaygroundSession } from './support/playground-session';
import { researchScenario } from './support/scenarios';

// The playground is the first thing people see: it must look like Obsidian's default theme,
// with the plugin's styles.css on top. Each check is what a person saw go wrong.
describe('the playground looks like Obsidian', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;

  beforeAll(async () => {
    session = await startPlaygroundSession({ model: 'research', modelServer: { scenarios: { research: researchScenario({ stepPauseMs: 50, answerDelayMs: 5 }) } } });
    await session.open();
    chat = new ChatPage(session.page);
    await chat.ask('What did we decide about pricing?');
    await chat.waitForIdle();
  });

  afterAll(async () => {
    await session.close();
  });

  const openSettings = async () => {
    await session.page.locator('[data-testid="settings-open"]').click();
    const modal = session.page.locator('[data-testid="settings-modal"]');
    await modal.waitFor({ state: 'visible' });
    return modal;
  };
  const closeSettings = async () => {
    await session.page.keyboard.press('Escape');
    await session.page.locator('[data-testid="settings-modal"]').waitFor({ state: 'hidden' });
  };

  it('the Settings modal covers the chat, the answer text included', async () => {
    const answer = chat.lastAnswer.locator('.glassbox-message-markdown').first();
    const box = (await answer.boundingBox())!;
    await openSettings();
    // What a click (or the eye) meets at the middle of the answer is the modal or its dimmed
    // background, never the chat's text painted on top of them.
    const hitsChat = await session.page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('[data-testid="chat-panel"]') !== null, [box.x + box.width / 2, box.y + box.height / 2]);
    expect(hitsChat).toBe(false);
    await closeSettings();
  });

  it("the settings toggles are visible switches that flip, like Obsidian's", async () => {
    const modal = await openSettings();
    const toggle = modal.locator('.setting-item', { hasText: 'Show tool output' }).locator('.checkbox-container');
    const box = (await toggle.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(36);
    expect(box.height).toBeGreaterThanOrEqual(18);
    const before = await toggle.getAttribute('aria-checked');
    await toggle.click();
    expect(await toggle.getAttribute('aria-checked')).not.toBe(before);
    await toggle.click();
    expect(await toggle.getAttribute('aria-checked')).toBe(before);
    await closeSettings();
  });

  it("buttons are Obsidian's buttons, not the browser's", async () => {
    const buttons = chat.panel.locator('.glassbox-toolbar button:enabled');
    expect(await buttons.count()).toBeGreaterThanOrEqual(2);
    for (const button of await buttons.all()) {
      const style = await button.evaluate((element) => {
        const computed = getComputedStyle(element);
        return { border: computed.borderTopStyle, radius: computed.borderTopLeftRadius, shadow: computed.boxShadow, cursor: computed.cursor };
      });
      // The browser's own button has a 2px outset border, square corners and no shadow.
      expect(style).toEqual({ border: 'none', radius: '5px', shadow: expect.not.stringMatching(/^none$/), cursor: 'pointer' });
    }
  });

  it('the model box at the top has a visible label', async () => {
    const label = chat.panel.locator('label', { has: session.page.locator('[data-testid="model-picker"]') });
    await expect(label.locator('span').first().innerText()).resolves.toBe('Model');
    expect(await label.locator('span').first().isVisible()).toBe(true);
  });

  it('the chat starts at the top of the sidebar, no empty strip above it', async () => {
    const gap = await session.page.evaluate(() => {
      const sidebar = document.querySelector('.playground-sidebar')!.getBoundingClientRect();
      const content = document.querySelector('.playground-sidebar .view-content')!.getBoundingClientRect();
      return content.top - sidebar.top;
    });
    expect(gap).toBe(0);
  });

  it("the reasoning block's step bullets sit inside the block, not on its border", async () => {
    await chat.openTrace();
    await chat.steps.first().waitFor();
    const offsets = await chat.steps.evaluateAll((steps) =>
      steps.map((step) => step.getBoundingClientRect().left - step.closest('[data-testid="reasoning-block"]')!.getBoundingClientRect().left),
    );
    // An outside list marker is drawn about 1em left of its item: the item needs that room.
    for (const offset of offsets) expect(offset).toBeGreaterThanOrEqual(20);
    await chat.header.click();
  });

  it('emoji in role headings are drawn in colour from an emoji font, not as boxes', async () => {
    const colouredPixels = await session.page.evaluate(() =>
      // U+10FFFD has no glyph in any font: the control, drawn as a plain box.
      ['🧑', '🤖', '\u{10FFFD}'].map((emoji) => {
        const canvas = document.body.createEl('canvas');
        canvas.width = 64;
        canvas.height = 64;
        const context = canvas.getContext('2d')!;
        context.font = `40px ${getComputedStyle(document.body).fontFamily}`;
        context.fillStyle = '#000';
        context.textBaseline = 'top';
        context.fillText(emoji, 4, 4);
        const { data } = context.getImageData(0, 0, 64, 64);
        canvas.remove();
        // A missing glyph is drawn as a box in the fill colour (black); a colour emoji is not grey.
        let coloured = 0;
        for (let index = 0; index < data.length; index += 4) {
          const [red, green, blue, alpha] = [data[index], data[index + 1], data[index + 2], data[index + 3]];
          if (alpha > 0 && Math.max(red, green, blue) - Math.min(red, green, blue) > 40) coloured += 1;
        }
        return coloured;
      }),
    );
    const [person, robot, missing] = colouredPixels;
    expect(missing).toBe(0);
    expect(person).toBeGreaterThan(50);
    expect(robot).toBeGreaterThan(50);
  });
});

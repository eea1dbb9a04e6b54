import { ChatPage } from './support/chat-page';
import { startPlaygroundSession, type PlaygroundSession } from './support/playground-session';
import { saveScreenshot } from './support/screenshots';

// The note pane in Live Preview, as a user of Obsidian expects it (issue 26 item 8): it reads as a
// note (text font, headings sized, markup dimmed), and "Ask about the selection" is reached from
// the right-click menu and the Commands menu, then answered from the selected lines.
describe('the note pane in Live Preview', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;

  beforeAll(async () => {
    session = await startPlaygroundSession();
    await session.open();
    chat = new ChatPage(session.page);
    const { page } = session;
    await page.locator('[data-testid="file-item"][data-path="Handbook/Vacation and leave.md"]').click();
    await page.locator('[data-testid="note-mode-toggle"]').click();
    await page.locator('[data-testid="note-pane"][data-mode="live-preview"] .cm-content').waitFor();
  });

  afterAll(async () => {
    await session.close();
  });

  const pane = () => session.page.locator('[data-testid="note-pane"][data-mode="live-preview"]');
  const line = (text: string) => pane().locator('.cm-line', { hasText: text });

  it("looks like Obsidian's Live Preview: proportional text, sized headings, dimmed markup", async () => {
    const style = (text: string, selector = '') =>
      line(text)
        .locator(selector || ':scope')
        .first()
        .evaluate((element) => {
          const computed = getComputedStyle(element);
          return { font: computed.fontFamily, size: Number.parseFloat(computed.fontSize), color: computed.color };
        });
    const body = await style('Parental leave');
    const heading = await style('# Vacation and leave');
    expect(body.font).not.toMatch(/mono/i);
    expect(heading.size).toBeGreaterThan(body.size * 1.3);
    const marker = await style('25 working days', '.cm-formatting');
    const bold = await style('25 working days', '.cm-strong');
    expect(marker.color).not.toBe(body.color);
    expect(bold.color).toBe(body.color);
    await saveScreenshot(session.page, 'live-preview-note', pane());
  });

  it('right-click on a selection offers "Ask about the selection", which quotes it into the chat', async () => {
    const { page } = session;
    const parental = line('Parental leave');
    await parental.click({ clickCount: 3 });
    // Before the menu: the Commands menu lists the editor command while the note's editor is active.
    await page.locator('[data-testid="commands-open"]').click();
    await expect(page.getByRole('menuitem', { name: 'Glassbox: Ask about the selection' }).count()).resolves.toBe(1);
    await page.locator('[data-testid="commands-open"]').click();

    await parental.click({ button: 'right' });
    const menu = page.locator('.menu');
    await menu.waitFor();
    await saveScreenshot(page, 'editor-menu', page.locator('.playground-note'));
    await menu.getByRole('menuitem', { name: 'Ask about the selection' }).click();
    await menu.waitFor({ state: 'detached' });
    const chip = chat.panel.locator('[data-testid="context-chip"][data-kind="selection"]');
    await chip.waitFor();
    await expect(chip.textContent()).resolves.toMatch(/^Vacation and leave, line 12\b/);

    await chat.ask('How long is parental leave?');
    await chat.waitForIdle();
    await expect(chat.lastAnswer.locator('.glassbox-message-markdown').textContent()).resolves.toContain('Vacation and leave: "Parental leave: 20 weeks fully paid for every parent, on top of the statutory leave."');
    // Answered from the selection: the run searched nothing.
    await expect(chat.steps.allTextContents()).resolves.not.toContainEqual(expect.stringMatching(/^Found /));
    expect(session.pageErrors).toEqual([]);
  });
});

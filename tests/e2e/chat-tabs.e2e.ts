import { scenario } from '../../tools/model-server';
import { ChatPage } from './support/chat-page';
import { startPlaygroundSession, type PlaygroundSession } from './support/playground-session';
import { saveScreenshot } from './support/screenshots';

// Chats in tabs (issue 27), in the real plugin on the playground: a question in one tab goes on
// streaming while a second tab asks its own; each answer lands in its own tab.
describe('chat tabs', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;

  beforeAll(async () => {
    // Slow enough that the first answer is still streaming when the second question is asked.
    const answer = (topic: string) => scenario().turn((t) => t.text(`About ${topic}: ${'the notes say so. '.repeat(12)}Done with ${topic}.`, { chunkChars: 8 }).delay(60));
    session = await startPlaygroundSession({ model: 'pricing', modelServer: { scenarios: { pricing: answer('pricing'), docks: answer('docks') } } });
    await session.open();
    chat = new ChatPage(session.page);
  });

  afterAll(async () => {
    await session.close();
  });

  it('two tabs, a question in each: both answered, each in its own tab, titled by its question', async () => {
    const { page } = session;
    const tabs = page.locator('.playground-sidebar .workspace-tab-header');
    const panels = page.locator('.playground-sidebar [data-testid="chat-panel"]');
    await chat.ask('What did we decide about pricing?');
    await chat.lastAnswer.waitFor();
    await chat.panel.locator('[data-testid="new-tab"]').click();
    await page.waitForFunction(() => document.querySelectorAll('.playground-sidebar [data-testid="chat-panel"]').length === 2);
    await chat.useModel('docks');
    await chat.ask('How many docks does the Lisbon pilot have?');
    // Both run at once: the first tab, now behind, is still streaming.
    await page.waitForFunction(() => document.querySelectorAll('.playground-sidebar [data-testid="stop-button"]').length === 2);
    await page.waitForFunction(() => document.querySelectorAll('.playground-sidebar [data-testid="stop-button"]').length === 0, undefined, { timeout: 30000 });

    expect(await tabs.allTextContents()).toEqual(['What did we decide about pricing?', 'How many docks does the Lisbon pilot have?']);
    const texts = async (index: number) => ({
      question: await panels.nth(index).locator('[data-testid="message-user"]').allTextContents(),
      answer: await panels.nth(index).locator('[data-testid="message-assistant"]').allTextContents(),
    });
    const first = await texts(0);
    const second = await texts(1);
    expect(first.question).toEqual([expect.stringMatching(/^What did we decide about pricing\?/)]);
    expect(first.answer).toHaveLength(1);
    expect(first.answer[0]).toContain('Done with pricing.');
    expect(first.answer[0]).not.toContain('docks');
    expect(second.question).toEqual([expect.stringMatching(/^How many docks does the Lisbon pilot have\?/)]);
    expect(second.answer[0]).toContain('Done with docks.');
    expect(second.answer[0]).not.toContain('pricing');
    // The run that ended behind the other tab said so; clicking its notice brings that tab forward.
    await page.locator('.notice', { hasText: 'Glassbox answered "What did we decide about pricing?"' }).click();
    await chat.panel.locator('[data-testid="message-user"]', { hasText: 'pricing' }).waitFor();
    expect(await page.locator('.playground-sidebar .workspace-tab-header.is-active').textContent()).toBe('What did we decide about pricing?');
    // And a click on the other tab shows it again.
    await tabs.nth(1).click();
    await chat.panel.locator('[data-testid="message-user"]', { hasText: 'docks' }).waitFor();
    await saveScreenshot(page, 'chat-tabs', page.locator('.playground-sidebar'));
    expect(session.pageErrors).toEqual([]);
  });

  // Issue 38 item 5: titles drawn over each other, no way to close a tab, one empty chat after a reload.
  it('long titles are cut, whole in the tooltip; a reload brings the tabs back; ×, middle click and Ctrl+W close a tab', async () => {
    const { page } = session;
    const tabs = page.locator('.playground-sidebar .workspace-tab-header');
    const long = 'What did we decide about pricing for riders who only ride at the weekend?';
    await chat.panel.locator('[data-testid="new-tab"]').click();
    await chat.useModel('pricing');
    await chat.ask(long);
    await chat.waitForIdle(30000);
    const titles = ['What did we decide about pricing?', 'How many docks does the Lisbon pilot have?', long];
    expect(await tabs.allTextContents()).toEqual(titles);
    const boxes = await tabs.evaluateAll((elements) => elements.map((element) => {
      const title = element.querySelector('.workspace-tab-header-inner-title')!;
      const box = element.getBoundingClientRect();
      return { left: box.left, right: box.right, cut: title.scrollWidth > title.clientWidth, tooltip: element.getAttribute('title') };
    }));
    for (let index = 1; index < boxes.length; index += 1) expect(boxes[index].left).toBeGreaterThanOrEqual(boxes[index - 1].right - 0.5);
    expect(boxes.map((box) => box.tooltip)).toEqual(titles);
    expect(boxes[2].cut).toBe(true);
    await saveScreenshot(page, 'chat-tabs-long-titles', page.locator('.playground-sidebar .workspace-tab-header-container'));

    // As after a restart of Obsidian: the tabs come back with their titles and conversations.
    await session.open();
    expect(await tabs.allTextContents()).toEqual(titles);
    await tabs.nth(1).click();
    await chat.panel.locator('[data-testid="message-user"]', { hasText: 'docks' }).waitFor();
    await expect(chat.panel.locator('[data-testid="message-assistant"]').textContent()).resolves.toContain('Done with docks.');

    await tabs.nth(2).click({ button: 'middle' });
    expect(await tabs.allTextContents()).toEqual(titles.slice(0, 2));
    await tabs.nth(0).locator('.workspace-tab-header-inner-close-button').click();
    expect(await tabs.allTextContents()).toEqual([titles[1]]);
    await chat.panel.locator('[data-testid="new-tab"]').click();
    await chat.panel.locator('[data-testid="composer-input"]').click();
    await page.keyboard.press('Control+w');
    await page.waitForFunction(() => document.querySelectorAll('.playground-sidebar [data-testid="chat-panel"]').length === 1);
    await chat.panel.locator('[data-testid="message-user"]', { hasText: 'docks' }).waitFor();
    expect(session.pageErrors).toEqual([]);
  });

  it('the text being typed stays with its conversation: "New chat" moves both to a tab of their own', async () => {
    const { page } = session;
    const panels = page.locator('.playground-sidebar [data-testid="chat-panel"]');
    const before = await panels.count();
    // The chat in front shows the docks conversation (the test above ended there).
    await chat.panel.locator('[data-testid="composer-input"]').fill('And the second dock, when');
    await page.locator('[data-testid="commands-open"]').click();
    await page.getByRole('menuitem', { name: 'Glassbox: New chat' }).click();
    await page.waitForFunction((count) => document.querySelectorAll('.playground-sidebar [data-testid="chat-panel"]').length === count + 1, before);
    const moved = panels.filter({ has: page.locator('[data-testid="message-user"]', { hasText: 'docks' }) });
    await expect(moved.locator('[data-testid="composer-input"]').inputValue()).resolves.toBe('And the second dock, when');
    await expect(chat.panel.locator('[data-testid="composer-input"]').inputValue()).resolves.toBe('');
    expect(session.pageErrors).toEqual([]);
  });
});

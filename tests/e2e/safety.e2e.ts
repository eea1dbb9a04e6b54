import { ChatPage } from './support/chat-page';
import { startPlaygroundSession, type PlaygroundSession } from './support/playground-session';
import { hostileOutputScenario, LEAK_URL, remoteImageScenario } from './support/scenarios';
import { saveScreenshot } from './support/screenshots';
import { installXssTrap, type XssTrap } from './support/xss-trap';

// Obsidian is an Electron app: script injected through a note or a model's output would run
// with the user's rights (DESIGN.md 3.3). These tests put hostile HTML everywhere it can reach
// the screen and watch with a trap that is first proven to fire.
describe('safety against hostile notes and model output', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;
  let trap: XssTrap;

  beforeAll(async () => {
    session = await startPlaygroundSession({ settings: { displayMode: 'verbose' }, modelServer: { scenarios: { hostile: hostileOutputScenario(), 'remote-image': remoteImageScenario() } } });
    trap = await installXssTrap(session.page);
    await session.open();
    chat = new ChatPage(session.page);
  });

  afterAll(async () => {
    await session.close();
  });

  beforeEach(async () => {
    const control = await trap.proveItWorks();
    expect(control.executed).toBeGreaterThan(0);
    expect(control.dialogs).toContain('positive control');
    expect(control.liveElements.join(' ')).toContain('onerror');
    await trap.reset();
    await chat.panel.locator('[data-testid="new-chat"]').click();
  });

  it('shows hostile model output (reasoning, steps, answer, a legacy tool banner) as text and runs none of it', async () => {
    const { page } = session;
    await chat.useModel('hostile');
    await chat.ask('Say something dangerous.');
    await chat.waitForIdle();
    await chat.openTrace();
    const message = chat.lastAnswer;
    await expect(message.textContent()).resolves.toContain('hostile-answer-canary');
    await expect(message.textContent()).resolves.toContain('<img src=x onerror=');
    await expect(chat.block.textContent()).resolves.toContain('<script>');
    await expect(message.locator('img, script, iframe, object, embed').count()).resolves.toBe(0);
    await expect(message.locator('a[href^="javascript:" i]').count()).resolves.toBe(0);
    // No wait: anything that could run code later (a handler, a script, a javascript: URL) is in liveElements the moment it enters the DOM.
    await expect(trap.report()).resolves.toEqual({ executed: 0, dialogs: [], liveElements: [] });
    await saveScreenshot(page, 'hostile-output', chat.panel);
  });

  it('reads the hostile note through the vault tools and shows what it found without running it', async () => {
    const { page } = session;
    await chat.useModel('extractive');
    await chat.ask('What does the hostile note say about the secret test phrase canary?');
    await chat.waitForIdle(30000);
    await chat.openTrace();
    const block = chat.block;
    // The agent really searched and read the hostile note: its text is in the tool output.
    await expect(block.textContent()).resolves.toContain('localSearch');
    await expect(block.textContent()).resolves.toContain('Hostile note (XSS test)');
    await expect(chat.lastAnswer.textContent()).resolves.toContain('hostile-canary-7731');
    await expect(chat.lastAnswer.locator('img, script, svg, iframe').count()).resolves.toBe(0);
    // No wait: anything that could run code later (a handler, a script, a javascript: URL) is in liveElements the moment it enters the DOM.
    await expect(trap.report()).resolves.toEqual({ executed: 0, dialogs: [], liveElements: [] });
    await saveScreenshot(page, 'hostile-note', chat.panel);
  });

  it('loads a remote image in an answer only when the user clicks "Load image from …"', async () => {
    const { page } = session;
    const requested: string[] = [];
    // A 1×1 GIF for any request to the attacker's host; every request is recorded.
    await page.route('https://attacker.example/**', (route) => {
      requested.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'image/gif', body: Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64') });
    });
    await chat.useModel('remote-image');
    await chat.ask('Draw me the chart.');
    await chat.waitForIdle();
    const message = chat.lastAnswer;
    await expect(message.textContent()).resolves.toContain('remote-image-canary');
    const button = message.locator('[data-testid="load-image"]');
    await expect(button.textContent()).resolves.toBe('Load image from attacker.example');
    await expect(button.getAttribute('title')).resolves.toBe(LEAK_URL);
    await expect(message.locator('img').count()).resolves.toBe(0);
    expect(requested).toEqual([]);
    await button.click();
    await message.locator('img').waitFor();
    await expect(message.locator('img').getAttribute('src')).resolves.toBe(LEAK_URL);
    await page.waitForFunction(() => [...document.querySelectorAll('img')].some((image) => image.complete && image.naturalWidth > 0));
    expect(requested).toEqual([LEAK_URL]);
    await page.unroute('https://attacker.example/**');
  });
});

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { scenario } from '../../tools/model-server';
import type { ChatPage } from './support/chat-page';
import { openChatPlayground } from './support/chat-playground';
import type { PlaygroundSession } from './support/playground-session';
import { saveScreenshot } from './support/screenshots';

// Issue 29 (DESIGN.md 12.4) in Chromium, on the demo vault: the `/` prompt menu chosen and sent
// (the sample vault's "Next steps" prompt), and an image pasted into the composer sent to a model
// marked as taking images.

type Part = { type: string; text?: string; image_url?: { url: string } };
type Body = { model?: string; messages?: { role: string; content: string | Part[] }[] };

// A 1×1 PNG.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('prompts and images in the demo', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;

  beforeAll(async () => {
    const answer = scenario().turn((t) => t.text('Done.'));
    ({ session, chat } = await openChatPlayground({ modelServer: { scenarios: { plain: answer, vision: answer } }, settings: { imageModels: 'vision' } }));
  });

  afterAll(async () => {
    await session.close();
  });

  const lastQuestion = (model: string): string | Part[] | undefined => {
    const bodies = session.modelServer.requests.map((request) => request.body as Body | null).filter((body) => body?.model === model && Array.isArray(body.messages));
    return bodies.at(-1)?.messages?.filter((message) => message.role === 'user').at(-1)?.content;
  };

  it('/ opens the prompts with their descriptions; the pick fills the question from the open note and sends it', async () => {
    const { page } = session;
    await page.locator('[data-testid="file-item"][data-path="Projects/Pedalpath app.md"]').click();
    await page.waitForFunction(() => document.querySelector('.playground-sidebar [data-testid="context-chip"][data-open="true"]')?.textContent?.includes('Pedalpath app'));
    const input = chat.panel.locator('[data-testid="composer-input"]');
    await input.click();
    await input.pressSequentially('/next');
    const prompts = chat.panel.getByRole('listbox', { name: 'Prompts' });
    await prompts.getByRole('option').first().waitFor();
    await expect(prompts.getByRole('option').first().textContent()).resolves.toBe('Next stepsA checklist of what comes next, from the open note');
    await saveScreenshot(page, 'prompt-menu', chat.panel);
    await input.press('Enter');
    await prompts.waitFor({ state: 'detached' });
    await expect(input.inputValue()).resolves.toBe('List the next steps in [[Pedalpath app]] as a checklist, each with who owns it.');
    await chat.useModel('plain');
    await chat.panel.locator('[data-testid="send-button"]').click();
    await chat.waitForIdle();
    const sent = lastQuestion('plain');
    expect(typeof sent === 'string' && sent).toContain('<attached path="Projects/Pedalpath app.md">');
    expect(session.pageErrors).toEqual([]);
  });

  it('an image pasted into the composer becomes a chip and goes to a model that takes images', async () => {
    const { page } = session;
    await chat.panel.locator('[data-testid="new-chat"]').click();
    const input = chat.panel.locator('[data-testid="composer-input"]');
    await input.click();
    await input.evaluate((element, base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, PNG_BASE64);
    const chip = chat.panel.locator('[data-testid="context-chip"][data-kind="image"]');
    await chip.waitFor();
    await expect(chip.locator('.glassbox-chip-label').textContent()).resolves.toMatch(/^Pasted image \d{14}\.png$/);
    await saveScreenshot(page, 'image-chip', chat.panel.locator('.glassbox-composer'));
    await chat.useModel('vision');
    await chat.ask('What is in this picture?');
    await chat.waitForIdle();
    const sent = lastQuestion('vision');
    expect(Array.isArray(sent) && sent.map((part) => part.type)).toEqual(['text', 'image_url']);
    expect(Array.isArray(sent) && sent[1].image_url?.url.startsWith('data:image/png;base64,')).toBe(true);
    // Saved in the vault's folder (the attachment location is the vault's root), byte for byte.
    const label = (await chip.count()) > 0 ? await chip.locator('.glassbox-chip-label').textContent() : null;
    const saved = (await readdir(session.vaultDir)).find((name) => name.startsWith('Pasted image '));
    expect(saved).toBeDefined();
    expect(label === null || label === saved).toBe(true);
    expect((await readFile(path.join(session.vaultDir, saved!))).toString('base64')).toBe(PNG_BASE64);
    expect(session.pageErrors).toEqual([]);
  });
});

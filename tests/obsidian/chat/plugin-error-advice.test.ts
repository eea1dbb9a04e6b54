import { parseAssistantContent } from '../../../src/markers';
import type { Conversation } from '../../../src/conversation';
import { scenario } from '../../../tools/model-server';
import { chatViewPerTest, sendMessage, until } from '../../support/chat-view-harness';

const chat = chatViewPerTest();

describe("the plugin words a provider error's fix (issue 27 item 6)", () => {
  it('a rejected key points to the Glassbox settings once, in the trace, and in the saved note', async () => {
    const saved: Conversation[] = [];
    const { view, server } = await chat.open({ scenarios: { 'bad-key': scenario().turn((t) => t.httpError(401, 'Incorrect API key provided')) }, model: 'bad-key', saved });
    await sendMessage(view.contentEl, 'How long do refunds take?');
    const errorLine = () => view.contentEl.querySelector('[data-testid="chat-error"]');
    // The end of the run is saved at once and shown with the next frame.
    await until(() => saved.length > 0 && (view.contentEl.querySelector('[data-testid="reasoning-block"]')?.textContent ?? '').includes('Glassbox settings'));
    const sentence = `The API key was rejected by ${new URL(server.url).host}. Check it in Glassbox settings.`;
    // Issue 38 item 11: said once (it was in the step, the block's footer and the line above the composer).
    expect(view.contentEl.textContent.split(sentence).length - 1).toBe(1);
    expect(view.contentEl.querySelector('[data-testid="reasoning-block"]')?.textContent).toContain(sentence);
    expect(errorLine()).toBeNull();
    const payload = parseAssistantContent(saved[0].messages.at(-1)!.content).reasoning;
    expect(payload).toMatchObject({ status: 'error', error: sentence });
  });
});

import { act } from '@testing-library/react/pure';
import { serializeConversationNote } from '../../../src/conversation';
import { composeAssistantContent } from '../../../src/markers';
import { ObsidianHostServices } from '../../../src/obsidian/obsidian-host-services';
import { createReadingViewProcessor } from '../../../src/obsidian/notes/reading-view-processor';
import { DEFAULT_DISPLAY_OPTIONS } from '../../../src/ui/reasoning/display-options';
import { Component, createFakeApp, MarkdownRenderer } from '../../../tools/fake-obsidian';
import { cleanupChat, mountChat } from '../../support/chat-harness';
import { ConversationBuilder } from '../../support/conversation-builder';
import { payload, thoughtStep } from '../../support/ui-payloads';

// A message from an older plugin version: a legacy tool-call banner and a <think> section, after
// a current REASONING_BLOCK. Reading view used to show neither (the banner is an HTML comment,
// Obsidian hides it; the think tags are not Markdown).
const CONTENT = composeAssistantContent(
  payload({ status: 'complete', elapsedMs: 4000, steps: [thoughtStep('s1', 'Plan the search')] }),
  [
    'I looked it up.',
    '',
    '<!--TOOL_CALL_START:c1:localSearch:Search notes:🔍:Searching:false-->{"query":"refunds"}<!--TOOL_CALL_END:c1:ENC:Refunds.md%3A%2030%20days-->',
    '',
    '<think>The policy note is the newest one.</think>',
    '',
    'Refunds are accepted for **30 days**.',
  ].join('\n'),
);

const PATH = 'Glassbox/Conversations/Refunds.md';
const CONVERSATION = new ConversationBuilder().user('What is the refund window?').assistant(CONTENT).build();

// useId values differ between roots; everything else must be the same markup.
function normalised(el: Element | null | undefined): string {
  return (el?.outerHTML ?? '<missing>').replace(/\s(id|aria-controls)="[^"]*"/g, '');
}

async function renderInReadingView(): Promise<HTMLElement> {
  const note = serializeConversationNote(CONVERSATION);
  const app = createFakeApp({ files: { [PATH]: note } });
  app.markdownPostProcessors.push(createReadingViewProcessor({ vault: app.vault as never, host: new ObsidianHostServices(app as never), displayOptions: () => DEFAULT_DISPLAY_OPTIONS }) as never);
  const el = document.body.createDiv();
  const component = new Component();
  component.load();
  await act(async () => {
    await MarkdownRenderer.render(app, note, el, PATH, component);
  });
  return el;
}

async function renderInChatView(): Promise<HTMLElement> {
  const chat = mountChat();
  await act(async () => {
    chat.controller.openConversation(CONVERSATION);
  });
  chat.frames.flush();
  return chat.view.container;
}

describe('reading view renders a saved message as the chat view does', () => {
  afterEach(async () => {
    await cleanupChat();
    document.body.replaceChildren();
  });

  it('shows a legacy tool-call banner and a <think> section, with the same markup as in the chat', async () => {
    const chat = await renderInChatView();
    const reading = await renderInReadingView();
    for (const el of [chat, reading]) {
      const banner = el.querySelector('[data-testid="tool-call-banner"]');
      expect(banner?.textContent).toContain('Search notes');
      expect(el.querySelector('details.glassbox-think')?.textContent).toBe('ThoughtThe policy note is the newest one.');
      expect(el.querySelector('[data-testid="reasoning-label"]')?.textContent).toBe('Thought for 4s');
      expect(el.querySelector('.glassbox-message-markdown')?.textContent).toContain('Refunds are accepted for 30 days.');
    }
    expect(normalised(reading.querySelector('[data-testid="tool-call-banner"]'))).toBe(normalised(chat.querySelector('[data-testid="tool-call-banner"]')));
    expect(normalised(reading.querySelector('.glassbox-message-markdown'))).toBe(normalised(chat.querySelector('.glassbox-message-markdown')));
    expect(normalised(reading.querySelector('[data-testid="reasoning-block"]'))).toBe(normalised(chat.querySelector('[data-testid="reasoning-block"]')));
    // Nothing of the raw markers or tags is left visible in the note.
    const visible = Array.from(reading.children).filter((child) => !(child as HTMLElement).hidden).map((child) => child.textContent).join('\n');
    expect(visible).not.toContain('TOOL_CALL');
    expect(visible).not.toContain('<think>');
  });
});

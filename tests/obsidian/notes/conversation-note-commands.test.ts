import { act, fireEvent } from '@testing-library/react/pure';
import GlassboxPlugin from '../../../src/main';
import { serializeConversationNote } from '../../../src/conversation';
import type { ChatView } from '../../../src/obsidian/chat/chat-view';
import { createFakeApp, MarkdownRenderer, Component } from '../../../tools/fake-obsidian';
import manifestJson from '../../../manifest.json';
import { until } from '../../support/chat-view-harness';
import { DOCS_SAMPLE } from '../../support/sample-conversations';

// Issue 15: "Open in chat" (command and button above the first message) and "Export conversation
// as plain Markdown", on the real plugin over the fake host.

const NOTE_PATH = 'Glassbox/Conversations/What changed in the refund policy.md';
const NOTE = serializeConversationNote(DOCS_SAMPLE, { clock: 'utc' });

async function loadWithNote() {
  const app = createFakeApp({ files: { [NOTE_PATH]: NOTE, 'Projects/Plan.md': '# Plan\n\nNot a chat.\n' } });
  const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
  const command = (id: string) => app.commands.commands[`glassbox:${id}`];
  const openNote = async (path: string) => {
    await act(async () => {
      await app.workspace.getLeaf(false).openFile(app.vault.getFileByPath(path)!, { active: true });
    });
  };
  return { app, plugin, command, openNote };
}

function chatView(app: ReturnType<typeof createFakeApp>): ChatView | null {
  return (app.workspace.getLeavesOfType('glassbox-chat')[0]?.view as unknown as ChatView | undefined) ?? null;
}

describe('conversation note commands', () => {
  it('"Open this conversation in chat" reopens the active note in the chat view, block folded', async () => {
    const { app, plugin, command, openNote } = await loadWithNote();
    await openNote('Projects/Plan.md');
    expect(command('open-note-in-chat').checkCallback!(true)).toBe(false);
    await openNote(NOTE_PATH);
    expect(command('open-note-in-chat').checkCallback!(true)).toBe(true);
    await act(async () => {
      command('open-note-in-chat').checkCallback!(false);
    });
    await until(() => chatView(app)?.contentEl.textContent?.includes('14 to 30 days') === true);
    const view = chatView(app)!;
    expect(view.notePath).toBe(NOTE_PATH);
    expect(view.contentEl.querySelector('[data-testid="reasoning-label"]')?.textContent).toBe('Thought for 12s');
    await act(async () => plugin.unload());
  });

  it('"Export conversation as plain Markdown" writes a copy with callouts beside the note and opens it; the note is untouched', async () => {
    const { app, plugin, command, openNote } = await loadWithNote();
    await openNote('Projects/Plan.md');
    expect(command('export-conversation-markdown').checkCallback!(true)).toBe(false);
    await openNote(NOTE_PATH);
    await act(async () => {
      command('export-conversation-markdown').checkCallback!(false);
    });
    const copyPath = 'Glassbox/Conversations/What changed in the refund policy (plain Markdown).md';
    await until(() => app.workspace.getActiveFile()?.path === copyPath);
    const copy = await app.vault.read(app.vault.getFileByPath(copyPath)!);
    expect(copy).toContain('> [!glassbox]- Thought for 12s\n> - Searched notes for "refund policy"');
    expect(copy).toContain('The refund window went from **14 to 30 days** in May 2026 ([[Policies/Refunds]]).');
    expect(await app.vault.read(app.vault.getFileByPath(NOTE_PATH)!)).toBe(NOTE);
    // A second export does not overwrite the first.
    await openNote(NOTE_PATH);
    await act(async () => {
      command('export-conversation-markdown').checkCallback!(false);
    });
    await until(() => app.vault.getFileByPath('Glassbox/Conversations/What changed in the refund policy (plain Markdown) 2.md') !== null);
    await act(async () => plugin.unload());
  });

  it('"Export conversation as HTML" writes one page beside the note, a second export another; the note is untouched', async () => {
    const { app, plugin, command, openNote } = await loadWithNote();
    await openNote('Projects/Plan.md');
    expect(command('export-conversation-html').checkCallback!(true)).toBe(false);
    await openNote(NOTE_PATH);
    for (const path of ['Glassbox/Conversations/What changed in the refund policy.html', 'Glassbox/Conversations/What changed in the refund policy 2.html']) {
      await act(async () => {
        command('export-conversation-html').checkCallback!(false);
      });
      await until(() => app.vault.getFileByPath(path) !== null);
    }
    const page = new DOMParser().parseFromString(await app.vault.read(app.vault.getFileByPath('Glassbox/Conversations/What changed in the refund policy.html')!), 'text/html');
    expect(page.querySelector('details.reasoning > summary')?.textContent).toBe('Thought for 12s');
    // The answer's Markdown drawn: bold as bold, the note link as its name (issue 38 item 12).
    expect(page.querySelector('.answer')?.textContent).toContain('The refund window went from 14 to 30 days in May 2026 (Policies/Refunds).');
    expect(page.querySelector('.answer strong')?.textContent).toBe('14 to 30 days');
    expect(await app.vault.read(app.vault.getFileByPath(NOTE_PATH)!)).toBe(NOTE);
    await act(async () => plugin.unload());
  });

  it('reading view shows one "Open in chat" button above the first message, which opens the chat', async () => {
    const { app, plugin } = await loadWithNote();
    const el = document.body.createDiv();
    const component = new Component();
    component.load();
    await act(async () => {
      await MarkdownRenderer.render(app, NOTE, el, NOTE_PATH, component);
    });
    const buttons = el.querySelectorAll<HTMLElement>('[data-testid="open-in-chat"]');
    expect(buttons).toHaveLength(1);
    expect(buttons[0].textContent).toBe('Open in chat');
    expect(buttons[0].nextElementSibling?.textContent).toBe('🧑 You · 2026-11-22 10:15');
    await act(async () => {
      fireEvent.click(buttons[0]);
    });
    await until(() => chatView(app)?.notePath === NOTE_PATH);
    act(() => component.unload());
    el.remove();
    await act(async () => plugin.unload());
  });
});

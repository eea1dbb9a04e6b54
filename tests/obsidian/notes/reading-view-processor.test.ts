import { act, fireEvent } from '@testing-library/react';
import { serializeConversationNote } from '../../../src/conversation';
import { serializeReasoningBlock, type ReasoningPayload } from '../../../src/markers';
import { ObsidianHostServices } from '../../../src/obsidian/obsidian-host-services';
import { createReadingViewProcessor } from '../../../src/obsidian/notes/reading-view-processor';
import { plainTextHostServices } from '../../../src/ui/host-services';
import { DEFAULT_DISPLAY_OPTIONS } from '../../../src/ui/reasoning/display-options';
import { Component, createFakeApp, MarkdownRenderer, renderReadingView } from '../../../tools/fake-obsidian';
import GlassboxPlugin from '../../../src/main';
import manifestJson from '../../../manifest.json';
import { ConversationBuilder } from '../../support/conversation-builder';

const T0 = Date.UTC(2026, 10, 22, 10, 15);

function payload(fields: Partial<ReasoningPayload>): ReasoningPayload {
  return { v: 1, status: 'complete', startedAt: T0, elapsedMs: 12_000, steps: [], ...fields };
}

const HOSTILE_STEP = { id: 's1', kind: 'tool' as const, summary: '<img src=x onerror="alert(1)"> searched', at: T0, tool: { name: 'localSearch', args: { query: 'refunds' }, status: 'ok' as const, durationMs: 40, output: '<script>x</script>' } };

const NOTE = serializeConversationNote(
  new ConversationBuilder()
    .user('What changed?\n### 🤖 Glassbox · not a real header')
    .assistant(`${serializeReasoningBlock(payload({ steps: [HOSTILE_STEP] }))}\n\nThirty days.\n\n> ### 🤖 Glassbox quoted`)
    .user('And since when?')
    .assistant(`${serializeReasoningBlock(payload({ status: 'stopped', elapsedMs: 14_000 }))}\n\nPartial answer.`)
    .user('Plain?')
    .assistant('No reasoning on this one.')
    .build(),
);

async function renderNote(text: string, path = 'Glassbox/Conversations/Refunds.md') {
  const app = createFakeApp({ files: { [path]: text } });
  app.markdownPostProcessors.push(createReadingViewProcessor({ vault: app.vault as never, host: new ObsidianHostServices(app as never), displayOptions: () => DEFAULT_DISPLAY_OPTIONS }) as never);
  const el = document.body.createDiv();
  const component = new Component();
  component.load();
  await act(async () => {
    await MarkdownRenderer.render(app, text, el, path, component);
  });
  return { el, component };
}

function blocks(el: HTMLElement): HTMLElement[] {
  return Array.from(el.querySelectorAll<HTMLElement>('[data-testid="reasoning-block"]'));
}

describe('reading view: saved "Thought for" blocks (fake host)', () => {
  afterEach(() => document.body.empty());

  it('puts a collapsed, expandable block under each assistant header that has reasoning', async () => {
    const { el } = await renderNote(NOTE);
    const found = blocks(el);
    expect(found.map((block) => block.querySelector('[data-testid="reasoning-label"]')?.textContent)).toEqual(['Thought for 12s', 'Stopped after 14s']);
    for (const block of found) {
      expect(block.parentElement?.previousElementSibling?.tagName).toBe('H3');
      expect(block.querySelector('[data-testid="reasoning-header"]')?.getAttribute('aria-expanded')).toBe('false');
      expect(block.querySelector<HTMLElement>('[data-testid="reasoning-content"]')?.hidden).toBe(true);
    }
    const header = found[0].querySelector<HTMLElement>('[data-testid="reasoning-header"]')!;
    await act(async () => {
      fireEvent.click(header);
      await Promise.resolve();
    });
    expect(header.getAttribute('aria-expanded')).toBe('true');
    expect(found[0].textContent).toContain('<img src=x onerror="alert(1)"> searched');
    expect(el.querySelector('img, script')).toBeNull();
  });

  it('leaves the answer readable and hides the marker text', async () => {
    const { el } = await renderNote(NOTE);
    const visible = Array.from(el.children).filter((child) => !(child as HTMLElement).hidden).map((child) => child.textContent).join('\n');
    expect(visible).toContain('Thirty days.');
    expect(visible).toContain('### 🤖 Glassbox · not a real header');
    expect(visible).not.toContain('REASONING_BLOCK');
    expect(visible).not.toContain('GLASSBOX_MESSAGE');
  });

  it('shows "Reasoning unavailable" for a broken marker and keeps the answer', async () => {
    const broken = NOTE.replace(/<!--REASONING_BLOCK:\{"v":1,"status":"stopped"[^\n]*-->/, '<!--REASONING_BLOCK:{"v":1,"status":');
    const { el } = await renderNote(broken);
    const labels = blocks(el).map((block) => block.querySelector('[data-testid="reasoning-label"]')?.textContent);
    expect(labels).toEqual(['Thought for 12s', 'Reasoning unavailable']);
    expect(el.textContent).toContain('Partial answer.');
  });

  it('mounts nothing in a note that is not a conversation', async () => {
    const { el } = await renderNote('# Notes\n\n### 🤖 Glassbox review\n\n<!--REASONING_BLOCK:{"v":1}-->\n', 'Notes.md');
    expect(blocks(el)).toHaveLength(0);
  });

  it('unmounts its blocks when the rendered note is unloaded', async () => {
    const { el, component } = await renderNote(NOTE);
    expect(blocks(el)).toHaveLength(2);
    act(() => component.unload());
    expect(blocks(el)).toHaveLength(0);
  });

  it('uses section information the way Obsidian renders a note section by section', async () => {
    const processor = createReadingViewProcessor({ vault: { getFileByPath: () => null } as never, host: plainTextHostServices, displayOptions: () => DEFAULT_DISPLAY_OPTIONS });
    const lines = NOTE.split('\n');
    const headerLine = lines.findIndex((line) => line.startsWith('### 🤖 Glassbox · '));
    const section = document.body.createDiv();
    section.createEl('h3', { text: lines[headerLine].slice(4) });
    const children: Component[] = [];
    await act(async () => {
      await processor(section, { docId: 'd', sourcePath: 'x.md', frontmatter: null, addChild: (child: Component) => children.push(child), getSectionInfo: () => ({ text: NOTE, lineStart: headerLine, lineEnd: headerLine }) } as never);
      children.forEach((child) => child.load());
    });
    expect(blocks(section).map((block) => block.querySelector('[data-testid="reasoning-label"]')?.textContent)).toEqual(['Thought for 12s']);
    // The escaped header inside the first question never gets a block, even as its own section.
    const fake = document.body.createDiv();
    fake.createEl('h3', { text: '🤖 Glassbox · not a real header' });
    const fakeLine = lines.findIndex((line) => line.includes('not a real header'));
    await act(async () => {
      await processor(fake, { docId: 'd', sourcePath: 'x.md', frontmatter: null, addChild: (child: Component) => child.load(), getSectionInfo: () => ({ text: NOTE, lineStart: fakeLine, lineEnd: fakeLine }) } as never);
    });
    expect(blocks(fake)).toHaveLength(0);
  });

  it('is registered by the plugin: a saved note in reading view shows its blocks, and none after unload', async () => {
    const path = 'Glassbox/Conversations/Refunds.md';
    const app = createFakeApp({ files: { [path]: NOTE } });
    const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
    const render = async () => {
      const el = document.body.createDiv();
      const component = new Component();
      component.load();
      await act(async () => {
        await MarkdownRenderer.render(app, NOTE, el, path, component);
      });
      return el;
    };
    expect(blocks(await render()).map((block) => block.querySelector('[data-testid="reasoning-label"]')?.textContent)).toEqual(['Thought for 12s', 'Stopped after 14s']);
    await act(async () => {
      (plugin as unknown as Component).unload();
      await Promise.resolve();
    });
    expect(blocks(await render())).toHaveLength(0);
  });
});

describe('reading view as Obsidian renders it: one section at a time (fake host)', () => {
  afterEach(() => document.body.empty());
  const path = 'Glassbox/Conversations/Refunds.md';
  const labels = (el: HTMLElement) => blocks(el).map((block) => block.querySelector('[data-testid="reasoning-label"]')?.textContent);

  async function openView(options: { sectionInfo: boolean }) {
    const app = createFakeApp({ files: { [path]: NOTE } });
    app.markdownPostProcessors.push(createReadingViewProcessor({ vault: app.vault as never, host: new ObsidianHostServices(app as never), displayOptions: () => DEFAULT_DISPLAY_OPTIONS }) as never);
    const el = document.body.createDiv();
    let view!: Awaited<ReturnType<typeof renderReadingView>>;
    await act(async () => {
      view = await renderReadingView(app, { path, el, sectionInfo: options.sectionInfo });
    });
    return { app, el, view };
  }

  it('with section information, puts each block under its own header and hides the message sections', async () => {
    const { el } = await openView({ sectionInfo: true });
    expect(labels(el)).toEqual(['Thought for 12s', 'Stopped after 14s']);
    expect(el.textContent).not.toContain('REASONING_BLOCK');
  });

  it('updates a block whose marker changed when Obsidian re-renders only the changed section', async () => {
    const { app, el, view } = await openView({ sectionInfo: true });
    await act(async () => {
      await app.vault.modify(app.vault.getFileByPath(path)!, NOTE.replace('"elapsedMs":12000', '"elapsedMs":31000'));
      await view.rerender();
    });
    expect(labels(el)).toEqual(['Thought for 31s', 'Stopped after 14s']);
  });

  it('without section information (an embed, a hover preview) renders nothing rather than a block under the wrong header', async () => {
    const { el } = await openView({ sectionInfo: false });
    const headers = Array.from(el.querySelectorAll('.markdown-preview-section-block > h3')).map((heading) => heading.textContent);
    expect(headers.filter((text) => text?.includes('Glassbox'))).toHaveLength(3);
    // Each section alone cannot say which message it is: no block at all, the answers still readable.
    expect(labels(el)).toEqual([]);
    expect(el.textContent).toContain('Thirty days.');
    expect(el.textContent).toContain('Partial answer.');
    expect(el.textContent).not.toContain('REASONING_BLOCK');
  });
});

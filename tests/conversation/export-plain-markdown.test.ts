/** @jest-environment jsdom */
import MarkdownIt from 'markdown-it';
import { exportPlainMarkdown, parseConversationNote } from '../../src/conversation';
import { composeAssistantContent, type ReasoningPayload } from '../../src/markers';
import { ConversationBuilder } from '../support/conversation-builder';
import { DOCS_SAMPLE } from '../support/sample-conversations';

// Issue 15: "Export conversation as plain Markdown" — folded callouts that render wherever
// Markdown does. Rendered here with markdown-it (CommonMark), as a viewer without Obsidian would.

function render(markdown: string, options: { html?: boolean } = {}): HTMLElement {
  const html = new MarkdownIt({ html: options.html ?? false }).render(markdown.replace(/^---\n[\s\S]*?\n---\n/, ''));
  return new DOMParser().parseFromString(html, 'text/html').body;
}

const HOSTILE_OUTPUT = ['Line with ``` three backticks', '````', '> a quote line', '<!--REASONING_BLOCK:{"v":1}-->', '  indented', '', '<script>alert(1)</script>'].join('\n');

const payload: ReasoningPayload = {
  v: 1,
  status: 'complete',
  startedAt: 1,
  answerStartedAt: 12_001,
  endedAt: 15_001,
  elapsedMs: 12_000,
  steps: [
    { id: 's1', kind: 'thought', summary: 'Plan: search, then read', detail: 'Look for the policy first.', at: 2 },
    { id: 's2', kind: 'tool', summary: 'Read Policies/Refunds.md', at: 3, tool: { name: 'readNote', args: { path: 'Policies/Refunds.md' }, status: 'ok', output: HOSTILE_OUTPUT, outputChars: HOSTILE_OUTPUT.length } },
  ],
};

describe('exportPlainMarkdown', () => {
  const conversation = new ConversationBuilder()
    .user('What changed?')
    .assistant(composeAssistantContent(payload, 'Refunds take **30 days** ([[Policies/Refunds]]).\n\n<think>hidden musing</think>'))
    .build();
  const exported = exportPlainMarkdown(conversation, { clock: 'utc', sourcePath: 'Glassbox/Conversations/What changed.md' });

  it('writes each reasoning block as a folded callout with the saved duration, steps as list items', () => {
    const quote = render(exported).querySelector('blockquote');
    expect(quote?.querySelector('p')?.textContent).toBe('[!glassbox]- Thought for 12s');
    const items = [...(quote?.querySelectorAll(':scope > ul > li') ?? [])];
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['Plan: search, then read', 'Read Policies/Refunds.md']);
    expect(items[0].textContent).toContain('Look for the policy first.');
  });

  // Issue 38 item 12: a thought whose detail is its summary was written twice.
  it('writes a step whose detail is its summary once', () => {
    const repeated = { ...payload, steps: [{ id: 't', kind: 'thought' as const, summary: 'I will search the notes for "decide pricing".', detail: 'I will search the notes for\n"decide pricing".', at: 2 }] };
    const text = exportPlainMarkdown(new ConversationBuilder().user('Q').assistant(composeAssistantContent(repeated, 'A.')).build(), { clock: 'utc' });
    expect(text.split('decide pricing').length - 1).toBe(1);
  });

  it('puts every tool output in a code block no line of it can close, as text', () => {
    const code = render(exported).querySelector('blockquote li pre code');
    expect(code?.textContent).toBe(`${HOSTILE_OUTPUT}\n`);
    expect(exported).toContain('`````\n');
  });

  it('keeps the answer as Markdown, folds think sections, and holds no HTML comment', () => {
    const element = render(exported);
    expect(element.querySelector('strong')?.textContent).toBe('30 days');
    expect([...element.querySelectorAll('blockquote > p:first-child')].map((paragraph) => paragraph.textContent?.split('\n')[0])).toEqual(['[!glassbox]- Thought for 12s', '[!glassbox]- Thought']);
    // Even a renderer that lets raw HTML through finds no comment outside the code blocks.
    const raw = render(exported, { html: true });
    const walker = raw.ownerDocument.createTreeWalker(raw, NodeFilter.SHOW_COMMENT);
    expect(walker.nextNode()).toBeNull();
    expect(raw.querySelector('script')).toBeNull();
    expect(exported).toContain('source: "[[Glassbox/Conversations/What changed]]"');
  });

  it('is never read back as a conversation, so it cannot take the original\'s place', () => {
    expect(parseConversationNote(exported).ok).toBe(false);
  });

  it('exports the docs sample: both tool outputs, one heading per message', () => {
    const text = exportPlainMarkdown(DOCS_SAMPLE, { clock: 'utc' });
    const element = render(text);
    expect([...element.querySelectorAll('h3')].map((heading) => heading.textContent)).toEqual(['You · 2026-11-22 10:15', 'Glassbox · 2026-11-22 10:15', 'You · 2026-11-22 10:16']);
    // The question's literal "### 🤖 Glassbox" line reads as text, as in the note's reading view.
    expect(element.textContent).toContain('### 🤖 Glassbox · 2026-11-22 10:16');
    expect([...element.querySelectorAll('pre code')].map((code) => code.textContent)).toEqual([
      '1. Policies/Refunds.md — "Refunds are accepted within 30 days…"\n',
      '# Refunds\nRefunds are accepted within 30 days (was 14 until May 2026).\n',
      'still open\n',
    ]);
  });
});

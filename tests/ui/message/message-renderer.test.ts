import { act } from '@testing-library/react';
import { composeAssistantContent } from '../../../src/markers';
import { MessageRenderer } from '../../../src/ui/message/message-renderer';
import { RootRegistry } from '../../../src/ui/message/root-registry';
import { DEFAULT_DISPLAY_OPTIONS } from '../../../src/ui/reasoning/display-options';
import { recordingHost } from '../../support/ui-host';
import { HOSTILE, payload, thoughtStep, toolStep } from '../../support/ui-payloads';

(window as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function setup() {
  const host = recordingHost();
  const roots = new RootRegistry();
  const container = document.body.appendChild(createDiv());
  const renderer = new MessageRenderer({ container, host, roots, sourcePath: 'Chats/Today.md' });
  const update = (content: string, live = false) => act(() => renderer.update({ content, live, display: DEFAULT_DISPLAY_OPTIONS }));
  return { host, roots, container, renderer, update };
}

afterEach(() => {
  document.body.innerHTML = '';
});

const text = (el: Element | null) => el?.textContent ?? '';

describe('MessageRenderer', () => {
  it('mounts one reasoning block above the answer and renders the answer through the host', () => {
    const { container, update, roots, host } = setup();
    update(composeAssistantContent(payload({ status: 'complete', elapsedMs: 4000, steps: [thoughtStep('s1', 'Plan')] }), 'See [[Refund policy]].'));
    const block = container.querySelector('[data-testid="reasoning-block"]');
    expect(text(block?.querySelector('[data-testid="reasoning-label"]') ?? null)).toBe('Thought for 4s');
    expect(roots.live).toBe(1);
    const link = container.querySelector('a.internal-link')!;
    expect(link.textContent).toBe('Refund policy');
    // The block comes before the answer in document order.
    expect(block!.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    (link as HTMLElement).click();
    expect(host.openedLinks).toEqual([{ linktext: 'Refund policy', sourcePath: 'Chats/Today.md' }]);
  });

  it('renders each finished block once while streaming, not the growing tail, and never remounts the block', () => {
    const { update, roots, host } = setup();
    const reasoning = payload({ status: 'collapsed', elapsedMs: 2000, steps: [toolStep('s1', 'Searching')] });
    let answer = '# Heading\n\nFirst paragraph.\n\n';
    update(composeAssistantContent(reasoning, answer), true);
    const before = host.rendered.length;
    for (let index = 0; index < 50; index += 1) {
      answer += `word${index} `;
      update(composeAssistantContent(reasoning, answer), true);
    }
    // Each finished block rendered once, the second when the tail began; the tail grows as text
    // (tests/ui/message/streaming-tail.test.ts) and renders when it closes.
    expect(host.rendered.length - before).toBe(1);
    expect(host.rendered.filter((markdown) => markdown === '# Heading')).toHaveLength(1);
    expect(host.rendered.filter((markdown) => markdown === 'First paragraph.')).toHaveLength(1);
    expect(roots.created).toBe(1);
  });

  it('renders a live run from its values as it renders the same run composed into content', () => {
    const reasoning = payload({ status: 'collapsed', elapsedMs: 2000, steps: [toolStep('s1', 'Searching')] });
    const answer = '# Heading\n\nSee [[Refund policy]].\n\n<think>hidden</think>\n\nLast words';
    const fromValues = setup();
    act(() => fromValues.renderer.update({ content: '', run: { reasoning, answer }, live: false, display: DEFAULT_DISPLAY_OPTIONS }));
    const fromContent = setup();
    fromContent.update(composeAssistantContent(reasoning, answer));
    // The same DOM but for React's generated ids (each root numbers its own).
    const html = (el: HTMLElement) => el.innerHTML.replace(/_r_\w+_/g, 'id');
    expect(html(fromValues.container)).toBe(html(fromContent.container));
    expect(fromValues.host.rendered).toEqual(fromContent.host.rendered);
  });

  it('renders legacy markers as a block and banners, think sections folded', () => {
    const { container, update, roots } = setup();
    const content = [
      '<!--AGENT_REASONING:complete:7:["Searched the vault","Read two notes"]-->',
      'Intro text.',
      '<!--TOOL_CALL_START:t1:localSearch:Vault search:🔍:Searching:false-->args<!--TOOL_CALL_END:t1:ENC:Found%203%20notes%0Aline%202-->',
      '<think>private musing</think>',
      'Closing text.',
    ].join('\n\n');
    update(content);
    expect(text(container.querySelector('[data-testid="reasoning-label"]'))).toBe('Thought for 7s');
    const summaries = [...container.querySelectorAll('[data-testid="reasoning-step-summary"]')].map(text);
    expect(summaries).toEqual(['Searched the vault', 'Read two notes']);
    const banner = container.querySelector('[data-testid="tool-call-banner"]')!;
    expect(banner.textContent).toContain('Vault search');
    expect(banner.textContent).toContain('Done');
    expect(text(banner.querySelector('[data-testid="tool-call-preview"]'))).toBe('Found 3 notes');
    const think = container.querySelector('details.glassbox-think') as HTMLDetailsElement;
    expect(think.open).toBe(false);
    expect(text(think.querySelector('summary'))).toBe('Thought');
    expect(container.textContent).toContain('Intro text.');
    expect(container.textContent).toContain('Closing text.');
    expect(container.textContent).not.toContain('TOOL_CALL');
    expect(container.textContent).not.toContain('<think>');
    expect(roots.live).toBe(2);
  });

  it('reads the first serialized REASONING_BLOCK form and an unclosed think while streaming', () => {
    const { container, update } = setup();
    update('<!--REASONING_BLOCK:{"elapsed":12,"steps":["Looked up refunds"]}-->\n\nAnswer\n\n<thinking>still going', true);
    expect(text(container.querySelector('[data-testid="reasoning-label"]'))).toBe('Thought for 12s');
    expect(text(container.querySelector('details.glassbox-think summary'))).toBe('Thinking…');
  });

  it('shows "Reasoning unavailable" for a malformed marker and still renders the answer', () => {
    const { container, update } = setup();
    update('<!--REASONING_BLOCK:{"v":1,"status":-->\n\nThe answer survives.');
    expect(text(container.querySelector('[data-testid="reasoning-label"]'))).toBe('Reasoning unavailable');
    expect(container.textContent).toContain('The answer survives.');
    expect(container.textContent).not.toContain('REASONING_BLOCK');
  });

  it('reads a marker from a newer version: an unknown status shows as finished, unknown step kinds and tool statuses as steps', () => {
    const { container, update } = setup();
    update(
      '<!--REASONING_BLOCK:{"v":1,"status":"paused_for_review","startedAt":1,"elapsedMs":9000,"steps":[' +
        '{"id":"a","kind":"critique","summary":"Checked the quotes","at":2},' +
        '{"id":"b","kind":"tool","summary":"Read Refund policy","at":3,"tool":{"name":"readNote","args":{"path":"Refund policy.md"},"status":"retrying"}}]}-->' +
        '\n\nRefunds take 14 days.',
    );
    expect(text(container.querySelector('[data-testid="reasoning-label"]'))).toBe('Thought for 9s');
    expect([...container.querySelectorAll('[data-testid="reasoning-step-summary"]')].map(text)).toEqual(['Checked the quotes', 'Read Refund policy']);
    expect(container.textContent).toContain('Refunds take 14 days.');
  });

  it('shows hostile text in answers, banner results and think sections as text', () => {
    const { container, update } = setup();
    update([
      composeAssistantContent(payload({ status: 'complete', elapsedMs: 1000, steps: [thoughtStep('s1', HOSTILE.img)] }), ''),
      `Answer ${HOSTILE.img} and ${HOSTILE.script}`,
      `<!--TOOL_CALL_START:t1:readNote:Read:📄:x:false-->c<!--TOOL_CALL_END:t1:${HOSTILE.img}-->`,
      `<think>${HOSTILE.script}</think>`,
    ].join('\n\n'));
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('onerror');
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('unmounts every root and unloads every block on destroy', async () => {
    const { update, roots, host, renderer } = setup();
    update(`${composeAssistantContent(payload({ status: 'complete', elapsedMs: 1000 }), 'a\n\nb')}\n\n<!--TOOL_CALL_START:t1:x:X:🔧:m:false-->c<!--TOOL_CALL_END:t1:done-->`);
    expect(roots.live).toBe(2);
    expect(host.liveComponents()).toBeGreaterThan(0);
    renderer.destroy();
    await act(async () => {});
    expect(roots.live).toBe(0);
    expect(host.liveComponents()).toBe(0);
  });
});

import { act } from '@testing-library/react';
import { composeAssistantContent } from '../../../src/markers';
import { MessageRenderer } from '../../../src/ui/message/message-renderer';
import { RootRegistry } from '../../../src/ui/message/root-registry';
import { DEFAULT_DISPLAY_OPTIONS } from '../../../src/ui/reasoning/display-options';
import { recordingHost } from '../../support/ui-host';
import { HOSTILE, payload, toolStep } from '../../support/ui-payloads';

(window as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function setup() {
  const host = recordingHost();
  const container = document.body.appendChild(createDiv());
  const renderer = new MessageRenderer({ container, host, roots: new RootRegistry(), sourcePath: 'Chats/Today.md' });
  const update = (content: string, live: boolean) => act(() => renderer.update({ content, live, display: DEFAULT_DISPLAY_OPTIONS }));
  return { host, container, update };
}

/** Cuts `text` into chunks of 1 to `max` characters (deterministic), as a model's deltas arrive. */
function chunks(text: string, max: number): string[] {
  const out: string[] = [];
  let at = 0;
  for (let index = 0; at < text.length; index += 1) {
    const size = 1 + ((index * 7 + 3) % max);
    out.push(text.slice(at, at + size));
    at += size;
  }
  return out;
}

/** Streams `answer` chunk by chunk into one renderer (live), then ends the run (not live). */
function streamed(answer: string, max: number, compose: (answer: string) => string = (text) => text) {
  const view = setup();
  let sofar = '';
  for (const chunk of chunks(answer, max)) {
    sofar += chunk;
    view.update(compose(sofar), true);
  }
  view.update(compose(answer), false);
  return view;
}

/** The same content rendered once, as a saved message is. */
function whole(content: string) {
  const view = setup();
  view.update(content, false);
  return view;
}

const body = (container: Element) => container.querySelector('.glassbox-message-markdown')!;
// React's `useId` counts across roots, so two renderers' banners get different ids.
const html = (el: Element) => el.innerHTML.replace(/_r_[0-9a-z]+_/g, '_r_');

// Frames come at once here: an ended answer drops its live class a frame or two after the end
// (live-answer-class.ts), which must not differ from a single render when the DOM is compared.
beforeEach(() => {
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    callback(0);
    return 0;
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

const CASES: Record<string, string> = {
  'a code fence with a blank line inside': 'Intro.\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter the code.',
  'lists, loose items and an ordered list': '- one\n- two\n\n  continued item\n- three\n\n1. first\n2. second\n\nEnd.',
  'a table between paragraphs': 'Before.\n\n| dock | rides |\n| --- | --- |\n| Porto | 12 |\n| Lisbon | 40 |\n\nText after.',
  'a fence opened mid-stream that never closes': 'Start here.\n\n```python\nprint("x")\n\nmore = 1',
  'a fence opened inside a paragraph': 'Some text\n```\ncode line\n```\nmore text\n\n~~~~\n```\nnot closed by three\n~~~~\n\nDone.',
  'headings, links, bold and raw HTML': `## Title\n\nSee [[Refund policy]] and **bold** ${HOSTILE.img}.\n\n${HOSTILE.script}\n\n<!-- a comment -->\n\nLast.`,
  'a think section and a legacy tool call between blocks': 'First.\n\n<think>musing</think>\n\nSecond\n\n<!--TOOL_CALL_START:t1:readNote:Read:📄:x:false-->c<!--TOOL_CALL_END:t1:done-->\n\nThird.',
};

describe('MessageRenderer while a message streams', () => {
  it.each(Object.entries(CASES))('ends identical to rendering the whole text at once, each block rendered once: %s', (_name, answer) => {
    for (const max of [1, 9]) {
      const once = whole(answer);
      const stream = streamed(answer, max);
      expect(html(stream.container)).toBe(html(once.container));
      expect(stream.host.rendered).toEqual(once.host.rendered);
    }
    expect(document.querySelector('img, script')).toBeNull();
  });

  it('ends identical under a reasoning block, whose marker changes while the answer streams', () => {
    const answer = 'Refunds take **14 days**.\n\n- card\n- bank\n\n```\ncode\n```\n\nSee [[Refund policy]].';
    const steps = [toolStep('s1', 'Searched the vault')];
    const final = composeAssistantContent(payload({ status: 'complete', elapsedMs: 3000, steps }), answer);
    const stream = streamed(answer, 5, (text) => composeAssistantContent(payload({ status: 'reasoning', elapsedMs: 1000, steps }), text));
    stream.update(final, false);
    const once = whole(final);
    expect(html(body(stream.container))).toBe(html(body(once.container)));
    expect(stream.host.rendered).toEqual(once.host.rendered);
  });

  it('shows the open last block as text that grows by appending, and renders it as Markdown when it closes', () => {
    const { container, update, host } = setup();
    const intro = 'Intro paragraph.\n\n';
    const tail = `Here is **bold**, ${HOSTILE.img} and [[Refund policy]]`;
    let sofar = intro;
    let paragraph: Element | null = null;
    for (const chunk of chunks(tail, 4)) {
      sofar += chunk;
      update(sofar, true);
      const text = container.querySelector('.glassbox-streaming-text');
      expect(text?.textContent).toBe(sofar.slice(intro.length));
      // The same element: new text is appended, the block is not rebuilt.
      paragraph ??= text;
      expect(text).toBe(paragraph);
    }
    expect(host.rendered).toEqual(['Intro paragraph.']);
    expect(container.querySelector('strong, img, a.internal-link')).toBeNull();
    update(`${sofar}\n\nNext block`, true);
    // Rendered with its raw HTML neutralised (a zero-width space after `<`: inert-answer-markdown.ts).
    const rendered = tail.replace('<img', '<\u200bimg');
    expect(host.rendered).toEqual(['Intro paragraph.', rendered]);
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('a.internal-link')?.textContent).toBe('Refund policy');
    expect(container.querySelector('.glassbox-streaming-text')?.textContent).toBe('Next block');
    update(`${sofar}\n\nNext block`, false);
    expect(container.querySelector('.glassbox-streaming-text')).toBeNull();
    expect(host.rendered).toEqual(['Intro paragraph.', rendered, 'Next block']);
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows a rewritten tail afresh instead of appending to the old text', () => {
    const { container, update } = setup();
    update('First.\n\nabc', true);
    update('First.\n\nxyz', true);
    expect(container.querySelector('.glassbox-streaming-text')?.textContent).toBe('xyz');
    expect(container.textContent).not.toContain('abc');
  });
});

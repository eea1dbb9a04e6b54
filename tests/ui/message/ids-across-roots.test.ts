import { act } from '@testing-library/react';
import { composeAssistantContent } from '../../../src/markers';
import { MessageRenderer } from '../../../src/ui/message/message-renderer';
import { RootRegistry } from '../../../src/ui/message/root-registry';
import { DEFAULT_DISPLAY_OPTIONS } from '../../../src/ui/reasoning/display-options';
import { recordingHost } from '../../support/ui-host';
import { payload, thoughtStep, toolStep } from '../../support/ui-payloads';

// DESIGN.md 13.2: each reasoning block (and each legacy tool banner) is a React root of its own,
// and the ids their `aria-controls` name must be unique on the page, or a screen reader is sent
// to another block's steps. Under Preact's compat layer `useId` numbered ids per root, so the
// second block's header controlled the first block's list.

(window as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

// A finished run with three searches in a row (folded into one group, with its own list id),
// then an answer with a tool call written in the legacy markers (a banner, a root of its own).
const CONTENT = composeAssistantContent(
  payload({
    status: 'complete',
    elapsedMs: 6000,
    steps: [thoughtStep('s1', 'Plan'), toolStep('s2', 'Searching refunds'), toolStep('s3', 'Searching billing'), toolStep('s4', 'Searching pricing')],
  }),
  'First.\n\n<!--TOOL_CALL_START:t1:readNote:Read:📄:x:false-->c<!--TOOL_CALL_END:t1:done-->\n\nLast.',
);

/** One message on the page, rendered through the one message renderer with its own registry (as the reading view's sections are). */
function renderMessage(): HTMLElement {
  const host = recordingHost();
  const container = document.body.appendChild(createDiv());
  const renderer = new MessageRenderer({ container, host, roots: new RootRegistry(), sourcePath: 'Chats/Today.md' });
  act(() => renderer.update({ content: CONTENT, live: false, display: DEFAULT_DISPLAY_OPTIONS }));
  return container;
}

const idsIn = (el: Element) => [...el.querySelectorAll('[id]')].map((node) => node.id);
const referencesIn = (el: Element) => [...el.querySelectorAll('[aria-controls], [aria-labelledby]')].flatMap((node) => `${node.getAttribute('aria-controls') ?? ''} ${node.getAttribute('aria-labelledby') ?? ''}`.split(/\s+/).filter((id) => id !== ''));

describe('ids across React roots', () => {
  it('two messages with a reasoning block and a tool banner each share no id, and each reference stays inside its own message', () => {
    const first = renderMessage();
    const second = renderMessage();
    const all = idsIn(document.body);
    // The block's content, the group's list and the banner's body in each message.
    expect(idsIn(first).length).toBeGreaterThanOrEqual(3);
    expect(idsIn(second)).toHaveLength(idsIn(first).length);
    expect(new Set(all).size).toBe(all.length);
    for (const message of [first, second]) {
      const references = referencesIn(message);
      expect(references.length).toBeGreaterThanOrEqual(3);
      for (const id of references) expect(message.contains(document.getElementById(id))).toBe(true);
    }
  });
});

import { act } from '@testing-library/react';
import { composeAssistantContent, type ReasoningCitation } from '../../../src/markers';
import { MessageRenderer } from '../../../src/ui/message/message-renderer';
import { RootRegistry } from '../../../src/ui/message/root-registry';
import { DEFAULT_DISPLAY_OPTIONS } from '../../../src/ui/reasoning/display-options';
import { recordingHost } from '../../support/ui-host';
import { payload } from '../../support/ui-payloads';

(window as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Issue 39 (DESIGN.md 13.3): the answer shows each citation not read or missing and each quote
// not found where it stands, with an accessible name saying why; a found quote opens its line;
// a line under the answer sums up. Through the one MessageRenderer, from the saved payload.
const ANSWER = 'Refunds are paid “within 14 days of the return” ([[Refund policy#Timing|the policy]]).\n\nThe plan is “free for students” per [[Pricing]]. See [[Nowhere]].';
const CITATIONS: ReasoningCitation[] = [
  { target: 'Refund policy', status: 'read', path: 'Handbook/Refund policy.md', quotes: [{ text: 'within 14 days of the return', found: true, line: 4 }] },
  { target: 'Pricing', status: 'unread', path: 'Handbook/Pricing.md', quotes: [{ text: 'free for students', found: false }] },
  { target: 'Nowhere', status: 'missing', quotes: [] },
];

async function render(citations: ReasoningCitation[] | undefined, answer = ANSWER) {
  const host = recordingHost();
  const container = document.body.appendChild(createDiv());
  const renderer = new MessageRenderer({ container, host, roots: new RootRegistry(), sourcePath: 'Chats/Today.md' });
  const reasoning = payload({ status: 'complete', elapsedMs: 1000, steps: [], ...(citations ? { citations } : {}) });
  await act(async () => {
    renderer.update({ content: composeAssistantContent(reasoning, answer), live: false, display: DEFAULT_DISPLAY_OPTIONS });
    await Promise.resolve();
  });
  return { host, container, renderer };
}

afterEach(() => {
  document.body.innerHTML = '';
});

const marks = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('.glassbox-citation-mark')];

describe('citation marks', () => {
  it('marks the unread and the missing citation right after their links, saying why', async () => {
    const { container } = await render(CITATIONS);
    const [quote, pricing, nowhere] = marks(container);
    expect(pricing.previousElementSibling?.textContent).toBe('Pricing');
    expect(pricing.getAttribute('role')).toBe('img');
    expect(pricing.getAttribute('aria-label')).toBe('Pricing is cited, but none of its text reached the model in this run');
    expect(nowhere.previousElementSibling?.textContent).toBe('Nowhere');
    expect(nowhere.getAttribute('aria-label')).toBe('No note named Nowhere');
    expect(quote.getAttribute('aria-label')).toBe('This quote is not in Pricing');
    // The quote's mark stands right after the quoted words, before the closing quote mark.
    expect(quote.previousSibling?.textContent?.endsWith('free for students')).toBe(true);
    expect(marks(container)).toHaveLength(3);
  });

  it('links a found quote to its line in the note', async () => {
    const { container, host } = await render(CITATIONS);
    const link = container.querySelector<HTMLElement>('.glassbox-quote-link')!;
    expect(link.textContent).toBe('within 14 days of the return');
    expect(link.getAttribute('aria-label')).toBe('Open Refund policy at line 4');
    link.click();
    expect(host.openedAtLine).toEqual([{ path: 'Handbook/Refund policy.md', line: 4 }]);
  });

  it('sums the verdicts up under the answer', async () => {
    const { container } = await render(CITATIONS);
    const summary = container.querySelector('.glassbox-citation-summary')!;
    expect(summary.textContent).toBe('Sources: 3 · 1 not read · 1 missing · 1 quote not found');
    expect(summary.previousElementSibling?.classList.contains('glassbox-message-markdown')).toBe(true);
  });

  it('shows nothing for an answer saved before citations were checked', async () => {
    const { container } = await render(undefined);
    expect(marks(container)).toEqual([]);
    expect(container.querySelector('.glassbox-citation-summary')).toBeNull();
    expect(container.querySelector('.glassbox-quote-link')).toBeNull();
  });

  it('marks blocks already rendered when the verdicts arrive at the end of a live run, once', async () => {
    const host = recordingHost();
    const container = document.body.appendChild(createDiv());
    const renderer = new MessageRenderer({ container, host, roots: new RootRegistry(), sourcePath: '' });
    const reasoning = payload({ status: 'complete', elapsedMs: 1000, steps: [] });
    await act(async () => {
      renderer.update({ content: '', run: { reasoning, answer: ANSWER }, live: false, display: DEFAULT_DISPLAY_OPTIONS });
      await Promise.resolve();
    });
    expect(marks(container)).toEqual([]);
    const withCitations = { ...reasoning, citations: CITATIONS };
    for (let round = 0; round < 2; round++) {
      await act(async () => {
        renderer.update({ content: '', run: { reasoning: withCitations, answer: ANSWER }, live: false, display: DEFAULT_DISPLAY_OPTIONS });
        await Promise.resolve();
      });
    }
    expect(marks(container)).toHaveLength(3);
    expect(container.querySelectorAll('.glassbox-quote-link')).toHaveLength(1);
  });
});

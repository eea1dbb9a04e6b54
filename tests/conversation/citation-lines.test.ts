import { exportHtml, exportPlainMarkdown } from '../../src/conversation';
import { composeAssistantContent, type ReasoningCitation, type ReasoningPayload } from '../../src/markers';
import { ConversationBuilder } from '../support/conversation-builder';

// Issue 39 (DESIGN.md 13.3): the verdicts kept in the saved trace show in both exports, as text.
const CITATIONS: ReasoningCitation[] = [
  { target: 'Refund policy', status: 'read', path: 'Refund policy.md', quotes: [{ text: 'within 14 days', found: true, line: 3 }, { text: 'always <b>cash</b>', found: false }] },
  { target: 'Pricing', status: 'unread', path: 'Pricing.md', quotes: [] },
  { target: 'Nowhere', status: 'missing', quotes: [] },
];
const payload = (citations?: ReasoningCitation[]): ReasoningPayload => ({ v: 1, status: 'complete', startedAt: 1, elapsedMs: 1000, endedAt: 1001, steps: [], ...(citations ? { citations } : {}) });
const conversation = (citations?: ReasoningCitation[]) => new ConversationBuilder().user('How do refunds work?').assistant(composeAssistantContent(payload(citations), 'Within 14 days [[Refund policy]].')).build();

describe('citations in the exports', () => {
  it('adds the Sources callout under the answer in the plain Markdown export', () => {
    const markdown = exportPlainMarkdown(conversation(CITATIONS), { clock: 'utc' });
    expect(markdown).toContain(
      [
        'Within 14 days [[Refund policy]].',
        '',
        '> [!glassbox] Sources: 3 · 1 not read · 1 missing · 1 quote not found',
        '> - ✓ [[Refund policy]] read',
        // Inert, as every message line of the export is (inert-message-text.ts).
        '> - ! quote not found in [[Refund policy]]: “always <\u200bb>cash<\u200b/b>”',
        '> - ! [[Pricing]] not read in this run',
        '> - ✗ [[Nowhere]] no such note',
      ].join('\n'),
    );
  });

  it('lists the same lines, escaped, in the HTML page', () => {
    const html = exportHtml(conversation(CITATIONS), { clock: 'utc' });
    expect(html).toContain('<p class="meta">Sources: 3 · 1 not read · 1 missing · 1 quote not found</p>');
    expect(html).toContain('<li>! quote not found in [[Refund policy]]: “always &#60;b&#62;cash&#60;/b&#62;”</li>');
    expect(html).not.toContain('<b>cash');
  });

  it('adds nothing for an answer saved before citations were checked', () => {
    expect(exportPlainMarkdown(conversation(), { clock: 'utc' })).not.toContain('Sources');
    expect(exportHtml(conversation(), { clock: 'utc' })).not.toContain('Sources');
  });
});

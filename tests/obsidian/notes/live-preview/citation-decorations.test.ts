import type { Decoration } from '@codemirror/view';
import type { Range } from '@codemirror/state';
import { findNoteMachineRanges, serializeConversationNote } from '../../../../src/conversation';
import { composeAssistantContent, type ReasoningCitation } from '../../../../src/markers';
import { citationDecorations } from '../../../../src/obsidian/notes/live-preview/citation-decorations';
import { ConversationBuilder } from '../../../support/conversation-builder';

// Issue 39: in Live Preview the answer is the editor's text; the saved verdicts are drawn after
// the link or quotation they are about.
const CITATIONS: ReasoningCitation[] = [
  { target: 'Refund policy', status: 'read', path: 'Refund policy.md', quotes: [{ text: 'always in cash today', found: false }] },
  { target: 'Pricing', status: 'unread', path: 'Pricing.md', quotes: [] },
  { target: 'Nowhere', status: 'missing', quotes: [] },
];
const ANSWER = 'Refunds come “always in cash today” [[Refund policy]]. See [[Pricing]] and [[Nowhere]].';
const payload = { v: 1 as const, status: 'complete' as const, startedAt: 1, elapsedMs: 1, endedAt: 2, steps: [], citations: CITATIONS };

const note = (saved: typeof payload | Omit<typeof payload, 'citations'>): string => serializeConversationNote(new ConversationBuilder().user('How?').assistant(composeAssistantContent(saved, ANSWER)).build());

function widgets(doc: string): { at: number; status: string; why: string }[] {
  const ranges: Range<Decoration>[] = citationDecorations({ doc, ranges: findNoteMachineRanges(doc), host: {} });
  return ranges.map((range) => {
    const widget = range.value.spec.widget as { status: string; why: string };
    return { at: range.from, status: widget.status, why: widget.why };
  });
}

describe('citationDecorations', () => {
  it('places a mark after each link not read or missing and after each quote not found', () => {
    const doc = note(payload);
    const answerAt = doc.indexOf(ANSWER);
    const after = (text: string) => answerAt + ANSWER.indexOf(text) + text.length;
    expect(widgets(doc).sort((a, b) => a.at - b.at)).toEqual([
      { at: after('“always in cash today”'), status: 'quote-not-found', why: 'This quote is not in Refund policy' },
      { at: after('[[Pricing]]'), status: 'unread', why: 'Pricing is cited, but none of its text reached the model in this run' },
      { at: after('[[Nowhere]]'), status: 'missing', why: 'No note named Nowhere' },
    ]);
  });

  it('draws nothing for an answer saved before citations were checked', () => {
    const doc = note({ ...payload, citations: undefined });
    expect(widgets(doc)).toEqual([]);
  });
});

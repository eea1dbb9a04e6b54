import type { Range } from '@codemirror/state';
import { Decoration, type EditorView, WidgetType } from '@codemirror/view';
import { citationKey, readAnswerCitations } from '../../../citations';
import type { NoteMachineRange } from '../../../conversation';
import { citationsOf, parseAssistantContent, type ReasoningCitation } from '../../../markers';
import type { HostServices } from '../../../ui/host-services';
import { citationMark, citationWhy } from '../../../ui/message/citation-marks';

/** A citation's mark in the editor, after the link or the quotation it is about. */
class CitationMarkWidget extends WidgetType {
  constructor(
    readonly status: string,
    readonly why: string,
    private readonly host: Pick<HostServices, 'setIcon'>,
  ) {
    super();
  }

  override eq(other: CitationMarkWidget): boolean {
    return other.status === this.status && other.why === this.why;
  }

  override toDOM(view: EditorView): HTMLElement {
    return citationMark({ doc: view.dom.ownerDocument, status: this.status, why: this.why, host: this.host });
  }
}

/**
 * The marks of the chat (DESIGN.md 13.3) in a conversation note's Live Preview, where the answer
 * is the editor's own text: for each answer, its saved verdicts (the REASONING_BLOCK before it)
 * placed after each link to a note not read or missing and after each quotation not found, found
 * where they stand by the same reading of the answer as the check's. Inline widgets: the text
 * stays editable and the cursor moves over them.
 */
export function citationDecorations(options: { doc: string; ranges: readonly NoteMachineRange[]; host: Pick<HostServices, 'setIcon'> }): Range<Decoration>[] {
  const { doc, ranges } = options;
  const decorations: Range<Decoration>[] = [];
  ranges.forEach((range, index) => {
    if (range.kind !== 'reasoning') return;
    const citations = citationsOf(parseAssistantContent(range.marker).reasoning);
    if (citations.length === 0) return;
    const bodyEnd = ranges.slice(index + 1).find((next) => next.kind !== 'legacy')?.from ?? doc.length;
    const body = doc.slice(range.to, bodyEnd);
    const byKey = new Map<string, ReasoningCitation>(citations.map((citation) => [citationKey(citation.target), citation]));
    const read = readAnswerCitations(body);
    const mark = (at: number, status: string, why: string) => decorations.push(Decoration.widget({ widget: new CitationMarkWidget(status, why, options.host), side: 1 }).range(range.to + at));
    for (const link of read.links) {
      const citation = byKey.get(citationKey(link.target));
      const why = citation === undefined ? null : citationWhy(citation);
      if (citation !== undefined && why !== null) mark(link.end, citation.status, why);
    }
    for (const quote of read.quotes) {
      const citation = quote.citation === undefined ? undefined : byKey.get(quote.citation);
      const verdict = citation?.quotes.find((candidate) => candidate.text === quote.text);
      const why = citation === undefined || verdict === undefined ? null : citationWhy(citation, verdict);
      if (why !== null) mark(quote.end, 'quote-not-found', why);
    }
  });
  return decorations;
}

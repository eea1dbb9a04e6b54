import { citationKey, citationTarget, summariseCitations } from '../../citations';
import { citationsOf, type ReasoningCitation, type ReasoningCitationQuote, type ReasoningPayload } from '../../markers';
import type { HostServices } from '../host-services';
import { t, tCount } from '../../i18n';

const MARK_CLASS = 'glassbox-citation-mark';
const QUOTE_LINK_CLASS = 'glassbox-quote-link';

/**
 * The citation verdicts of an answer shown where they stand (DESIGN.md 13.3): after each link to
 * a note the run did not read, or that does not exist, and after each quotation the cited note
 * does not hold, an icon whose accessible name (the tooltip) says why; a quotation found becomes a
 * link to its line in the note. Under the answer a line sums them up. Part of the one
 * {@link MessageRenderer}, so the chat, the reading view and Live Preview show the same.
 * Text nodes and attributes only: nothing from the answer or a note becomes HTML.
 */
export class CitationMarks {
  private citations: readonly ReasoningCitation[] = [];
  private from: unknown = undefined;
  private summary: HTMLElement | null = null;

  constructor(private readonly options: { body: HTMLElement; host: HostServices; sourcePath: () => string }) {}

  /** Takes a payload's verdicts; when they changed, marks every rendered block again and redraws the summary. */
  update(payload: ReasoningPayload | null): void {
    const from = payload?.citations;
    if (from === this.from) return;
    this.from = from;
    this.citations = citationsOf(payload);
    for (const el of this.options.body.querySelectorAll<HTMLElement>('.glassbox-piece-markdown:not(.glassbox-piece-streaming)')) this.mark(el);
    this.drawSummary();
  }

  /** Marks one rendered Markdown block (again: the marks it had are taken out first). */
  mark(el: HTMLElement): void {
    clearMarks(el);
    if (this.citations.length === 0) return;
    const byKey = new Map(this.citations.map((citation) => [citationKey(citation.target), citation]));
    for (const link of el.querySelectorAll<HTMLElement>('a.internal-link')) {
      const linktext = link.getAttribute('data-href') ?? link.getAttribute('href') ?? '';
      const citation = byKey.get(citationKey(citationTarget(linktext, 'wikilink') ?? '')) ?? byKey.get(citationKey(citationTarget(linktext, 'markdown') ?? ''));
      const why = citation === undefined ? null : citationWhy(citation);
      if (citation === undefined || why === null) continue;
      link.after(this.icon(citation.status === 'missing' ? 'x-circle' : 'alert-triangle', citation.status, why));
    }
    for (const citation of this.citations) {
      for (const quote of citation.quotes) this.markQuote(el, citation, quote);
    }
  }

  private markQuote(el: HTMLElement, citation: ReasoningCitation, quote: ReasoningCitationQuote): void {
    const range = locateText(el, quote.text);
    if (range === null) return;
    if (!quote.found) {
      range.collapse(false);
      range.insertNode(this.icon('alert-triangle', 'quote-not-found', t('citations.quoteNotFound', { target: citation.target })));
      return;
    }
    const path = citation.path;
    if (path === undefined || quote.line === undefined) return;
    const line = quote.line;
    const link = el.ownerDocument.createElement('a');
    link.className = QUOTE_LINK_CLASS;
    link.tabIndex = 0;
    link.setAttribute('role', 'link');
    link.setAttribute('aria-label', t('citations.openQuote', { target: citation.target, line }));
    const open = (event: MouseEvent | KeyboardEvent): void => {
      // A link quoted with the sentence opens its own note (the renderer's handler, further up).
      if (event.target instanceof Element && event.target.closest('a.internal-link') !== null) return;
      event.preventDefault();
      if (this.options.host.openNoteAtLine !== undefined) this.options.host.openNoteAtLine(path, line, event instanceof MouseEvent ? event : undefined);
      else this.options.host.openLink(path, this.options.sourcePath(), event instanceof MouseEvent ? event : undefined);
    };
    link.addEventListener('click', open);
    link.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') open(event);
    });
    // The quotation may cross elements (emphasis, a link inside it): its nodes move into the link.
    link.append(range.extractContents());
    range.insertNode(link);
  }

  private icon(icon: string, status: string, why: string): HTMLElement {
    return citationMark({ doc: this.options.body.ownerDocument, status, why, host: this.options.host, icon });
  }

  private drawSummary(): void {
    if (this.citations.length === 0) {
      this.summary?.remove();
      this.summary = null;
      return;
    }
    const counts = summariseCitations(this.citations);
    const parts = [
      t('citations.sources', { count: counts.sources }),
      ...(counts.unread > 0 ? [tCount('citations.notRead', counts.unread)] : []),
      ...(counts.missing > 0 ? [tCount('citations.missingCount', counts.missing)] : []),
      ...(counts.quotesNotFound > 0 ? [tCount('citations.quotesNotFound', counts.quotesNotFound)] : []),
    ];
    this.summary ??= this.options.body.ownerDocument.createElement('div');
    this.summary.className = 'glassbox-citation-summary';
    this.summary.dataset.state = parts.length > 1 ? 'warning' : 'verified';
    this.summary.textContent = parts.join(' · ');
    if (this.summary.previousElementSibling !== this.options.body) this.options.body.after(this.summary);
  }
}

/**
 * One mark: an icon (the host's, or a glyph without one) whose accessible name, shown as its
 * tooltip, says why. `status` is `unread`, `missing` or `quote-not-found` (styles.css colours it).
 * Live Preview draws the same marks into the editor (src/obsidian/notes/live-preview).
 */
export function citationMark(options: { doc: Document; status: string; why: string; host: Pick<HostServices, 'setIcon'>; icon?: string }): HTMLElement {
  const mark = options.doc.createElement('span');
  mark.className = MARK_CLASS;
  mark.dataset.citation = options.status;
  mark.setAttribute('role', 'img');
  mark.setAttribute('aria-label', options.why);
  mark.setAttribute('data-tooltip-position', 'top');
  const icon = options.icon ?? (options.status === 'missing' ? 'x-circle' : 'alert-triangle');
  if (options.host.setIcon !== undefined) options.host.setIcon(mark, icon);
  else mark.textContent = options.status === 'missing' ? '✗' : '!';
  return mark;
}

/** Why a citation or quotation is marked, in the UI's language; null when it is not (read, found). */
export function citationWhy(citation: ReasoningCitation, quote?: ReasoningCitationQuote): string | null {
  if (quote !== undefined) return quote.found ? null : t('citations.quoteNotFound', { target: citation.target });
  if (citation.status === 'missing') return t('citations.missing', { target: citation.target });
  if (citation.status === 'unread') return t('citations.unread', { target: citation.target });
  return null;
}

/** Takes out the marks and quotation links a block had, leaving its text as it was rendered. */
function clearMarks(el: HTMLElement): void {
  for (const mark of el.querySelectorAll(`.${MARK_CLASS}`)) mark.remove();
  for (const link of el.querySelectorAll(`.${QUOTE_LINK_CLASS}`)) link.replaceWith(...link.childNodes);
  el.normalize();
}

const SAME_AS: Readonly<Record<string, string>> = { '“': '"', '”': '"', '‘': "'", '’': "'", '–': '-', '—': '-' };

/**
 * Where `text` stands in the block's rendered text, whitespace, case and markup aside (the answer
 * wrote it as Markdown, the block shows it rendered, line breaks as elements); null when absent.
 */
function locateText(el: HTMLElement, text: string): Range | null {
  const squash = (value: string): string => [...value].map((char) => SAME_AS[char] ?? char.toLowerCase()).filter((char) => !/[\s*_`~=[\]]/.test(char)).join('');
  const needle = squash(text);
  if (needle === '') return null;
  let haystack = '';
  const points: { node: Text; offset: number }[] = [];
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const textNode = node as Text;
    if (textNode.parentElement?.closest(`.${MARK_CLASS}, code, pre`)) continue;
    const value = textNode.data;
    for (let offset = 0; offset < value.length; offset++) {
      const char = squash(value[offset]);
      if (char === '') continue;
      haystack += char;
      points.push({ node: textNode, offset });
    }
  }
  const at = haystack.indexOf(needle);
  if (at < 0) return null;
  const start = points[at];
  const end = points[at + needle.length - 1];
  const range = el.ownerDocument.createRange();
  range.setStart(start.node, start.offset);
  range.setEnd(end.node, end.offset + 1);
  return range;
}

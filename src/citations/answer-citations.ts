import { citationKey, citationTarget } from './citation-target';

/** A link to a note where it stands in the answer. */
export interface AnswerLink {
  readonly target: string;
  readonly start: number;
  readonly end: number;
  /** The paragraph (or list item) it stands in, numbered from 0. */
  readonly unit: number;
}

/** A quotation where it stands in the answer, with the link it is attributed to (if any). */
export interface AnswerQuote {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** The key ({@link citationKey}) of the attributed citation; undefined when none is near. */
  readonly citation: string | undefined;
}

/** An answer's citations and quotations, read once. */
export interface AnswerCitations {
  /** Each cited note once, in order of first mention, as first written. */
  readonly targets: readonly string[];
  readonly links: readonly AnswerLink[];
  readonly quotes: readonly AnswerQuote[];
}

const WIKILINK = /(!?)\[\[([^\]\n]+)\]\]/g;
const MARKDOWN_LINK = /(!?)\[([^\]\n]*)\]\(([^)\n]+)\)/g;
const CURLY_QUOTE = /“([^“”]+)”/g;
const STRAIGHT_QUOTE = /"([^"]+)"/g;

/**
 * Reads an answer's `[[citations]]` (and `[text](Note.md)` links) and its quotations: text in
 * “…” or "…" within one paragraph, and `>` quote lines. Each quotation is attributed to the
 * nearest citation of its paragraph (list items count as paragraphs); a `>` block without one
 * to the last citation of the paragraph before it. Code (fenced or inline) is neither. Offsets are
 * the answer's own, so the chat can mark each where it stands.
 */
export function readAnswerCitations(answer: string): AnswerCitations {
  const prose = maskCode(answer);
  const unitStarts = unitBoundaries(prose);
  const unitOf = (offset: number): number => {
    let low = 0;
    let high = unitStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (unitStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const links: AnswerLink[] = [];
  for (const match of prose.matchAll(WIKILINK)) {
    const target = match[1] === '!' ? undefined : citationTarget(match[2], 'wikilink');
    if (target !== undefined) links.push({ target, start: match.index, end: match.index + match[0].length, unit: unitOf(match.index) });
  }
  for (const match of prose.matchAll(MARKDOWN_LINK)) {
    const target = match[1] === '!' ? undefined : citationTarget(match[3].trim().split(/\s+"/)[0], 'markdown');
    if (target !== undefined) links.push({ target, start: match.index, end: match.index + match[0].length, unit: unitOf(match.index) });
  }
  links.sort((a, b) => a.start - b.start);
  const targets: string[] = [];
  const seen = new Set<string>();
  for (const link of links) {
    const key = citationKey(link.target);
    if (seen.has(key)) continue;
    seen.add(key);
    targets.push(link.target);
  }
  const blocks = quoteBlocks(prose);
  const spans: { text: string; start: number; end: number; block: boolean }[] = blocks.map((block) => ({ ...block, block: true }));
  const insideBlock = (offset: number): boolean => blocks.some((block) => offset >= block.start && offset < block.end);
  for (const pattern of [CURLY_QUOTE, STRAIGHT_QUOTE]) {
    for (const match of prose.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      // A quotation stays in its paragraph; one across a blank line is two stray quote marks.
      if (/\n[ \t]*\n/.test(match[1]) || insideBlock(start) || insideLink(links, start)) continue;
      spans.push({ text: match[1], start, end, block: false });
    }
  }
  const quotes: AnswerQuote[] = [];
  for (const span of spans.sort((a, b) => a.start - b.start)) {
    const text = cleanQuote(span.text, span.block);
    if (!isQuotation(text)) continue;
    const cited = attribute(links, { start: span.start, end: span.end, unit: unitOf(span.start), block: span.block });
    quotes.push({ text, start: span.start, end: span.end, citation: cited === undefined ? undefined : citationKey(cited.target) });
  }
  return { targets, links, quotes };
}

function attribute(links: readonly AnswerLink[], span: { start: number; end: number; unit: number; block: boolean }): AnswerLink | undefined {
  let best: AnswerLink | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const link of links) {
    // A link inside an inline quotation is part of what is quoted (`"approval from [[Finance]]"`), not its source.
    if (link.unit !== span.unit || (!span.block && link.start > span.start && link.end < span.end)) continue;
    const distance = link.start >= span.end ? link.start - span.end : link.end <= span.start ? span.start - link.end : 0;
    // Ties go to the citation after the quote: `“…” ([[Note]])` is the usual form.
    if (distance < bestDistance || (distance === bestDistance && link.start >= span.end)) {
      best = link;
      bestDistance = distance;
    }
  }
  if (best !== undefined || !span.block) return best;
  return links.filter((link) => link.unit === span.unit - 1).pop();
}

function insideLink(links: readonly AnswerLink[], offset: number): boolean {
  return links.some((link) => offset >= link.start && offset < link.end);
}

/** The answer with code blanked out (same length, line breaks kept), so offsets stay the answer's. */
function maskCode(answer: string): string {
  const blank = (text: string): string => text.replace(/[^\n]/g, ' ');
  return answer.replace(/^(```|~~~)[^\n]*\n[\s\S]*?(^\1[^\n]*$|(?![\s\S]))/gm, blank).replace(/`[^`\n]*`/g, blank);
}

/** Where each paragraph, list item, heading or `>` block starts. */
function unitBoundaries(prose: string): number[] {
  const starts = [0];
  let previousQuoted = false;
  let afterBlank = false;
  let offset = 0;
  for (const line of prose.split('\n')) {
    if (!/\S/.test(line)) {
      afterBlank = true;
    } else {
      const quoted = /^\s*>/.test(line);
      const opens = afterBlank || quoted !== previousQuoted || /^\s*([-*+]|\d+[.)])\s|^#{1,6}\s/.test(line);
      if (offset > 0 && opens) starts.push(offset);
      previousQuoted = quoted;
      afterBlank = false;
    }
    offset += line.length + 1;
  }
  return starts;
}

/** Runs of `>` lines (a callout, `> [!note]`, is not a quotation). */
function quoteBlocks(prose: string): { text: string; start: number; end: number }[] {
  const blocks: { text: string; start: number; end: number }[] = [];
  let current: { lines: string[]; start: number; end: number } | null = null;
  let offset = 0;
  for (const line of prose.split('\n')) {
    const match = /^\s*>\s?(.*)$/.exec(line);
    if (match !== null) {
      current ??= { lines: [], start: offset, end: offset };
      current.lines.push(match[1]);
      current.end = offset + line.length;
    } else if (current !== null) {
      blocks.push({ text: current.lines.join('\n'), start: current.start, end: current.end });
      current = null;
    }
    offset += line.length + 1;
  }
  if (current !== null) blocks.push({ text: current.lines.join('\n'), start: current.start, end: current.end });
  return blocks.filter((block) => !/^\s*\[!/.test(block.text));
}

/**
 * A quotation's own words: a `>` block without the citation written after it (`> … — [[Note]]`), without the outer
 * quote marks; a link quoted with the sentence stays as the words it shows (`[[Dana Kowalski]]` →
 * `Dana Kowalski`), which the note's text holds inside its brackets.
 */
function cleanQuote(text: string, block: boolean): string {
  return (block ? text.replace(/\s*[—–-]?\s*\(?(?:\[\[[^\]\n]+\]\]|\[[^\]\n]*\]\([^)\n]+\))\)?[.\s]*$/, '') : text)
    .replace(/!?\[\[([^\]|\n]+)(?:\|([^\]\n]*))?\]\]/g, (_link, target: string, shown: string | undefined) => shown ?? target)
    .replace(/!?\[([^\]\n]*)\]\([^)\n]+\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[“"]|[”"]$/g, '')
    .trim();
}

/** Three words or more (four characters in unspaced scripts): a shorter "term" is a name, not a quotation. */
function isQuotation(text: string): boolean {
  if (text.split(/\s+/).filter(Boolean).length >= 3) return true;
  return /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(text) && text.length >= 4;
}

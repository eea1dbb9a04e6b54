import { closesFence, openingFence, type CodeFence } from './code-fence';
import { BodyBuilder, type BodyParse } from './body-builder';
import type { LegacyToolCall, ParsedAssistantContent, ParsedBody, ThinkSection } from './content-types';
import { ForwardFinder } from './forward-finder';
import { decodeToolResult, parseToolCallHeader, type ToolCallHeader } from './legacy-tool-call-fields';
import { MARKER } from './marker-syntax';
import { readLeadingMarker } from './read-leading-marker';

const THINK_TAGS = [
  { open: '<thinking>', close: '</thinking>' },
  { open: '<think>', close: '</think>' },
] as const;

/**
 * Parses one assistant message's content (DESIGN.md 3.1–3.3): the leading reasoning marker,
 * then the body in order — visible Markdown, legacy tool-call banners and `<think>` sections.
 * Markers inside fenced code blocks, and a REASONING_BLOCK anywhere but the start, stay
 * literal text. One forward pass with cached `indexOf` searches: linear in the content's size.
 * Never throws.
 *
 * @example
 * parseAssistantContent(composeAssistantContent(payload, 'See [[Note]].')).text // 'See [[Note]].'
 */
export function parseAssistantContent(content: string): ParsedAssistantContent {
  const text = typeof content === 'string' ? content : '';
  try {
    const { bodyStart, ...reasoning } = readLeadingMarker(text);
    return { ...reasoning, ...new BodyScanner(text).scan(bodyStart) };
  } catch {
    // Only a bug can get here. Callers are promised "never throws", and losing the answer is
    // worse than showing marker syntax (an HTML comment, invisible once rendered), so keep it all.
    const segments = text === '' ? [] : [{ type: 'markdown' as const, text }];
    return { reasoning: null, reasoningError: true, segments, text, legacyToolCalls: [], thinks: [] };
  }
}

/**
 * Parses a live run's answer text: the body alone (Markdown, legacy tool-call banners, `<think>`
 * sections), with no leading marker to look for; the run's reasoning is a value beside it. What
 * the body of `parseAssistantContent(composeAssistantContent(payload, answer))` is. Never throws.
 */
export function parseAnswerBody(answer: string): ParsedBody {
  // Every marker, banner and think tag starts with "<": without one the body is its text (the
  // common answer, parsed again on each frame while it streams, so the scan is skipped).
  if (!answer.includes('<')) return { segments: answer === '' ? [] : [{ type: 'markdown', text: answer }], text: answer, legacyToolCalls: [], thinks: [] };
  try {
    return new BodyScanner(answer).scan(0);
  } catch {
    // As above: only a bug gets here, and the answer is kept as text.
    return { segments: answer === '' ? [] : [{ type: 'markdown' as const, text: answer }], text: answer, legacyToolCalls: [], thinks: [] };
  }
}

/** The body pass. Every search goes through a {@link ForwardFinder}, whose positions only grow. */
class BodyScanner {
  private readonly body = new BodyBuilder();
  /** Start of literal text not yet emitted. */
  private literalStart = 0;
  private readonly find: Record<'lessThan' | 'newline' | 'arrow' | 'colon' | 'start' | 'end' | 'think' | 'thinking', ForwardFinder>;

  constructor(private readonly content: string) {
    const finder = (needle: string) => new ForwardFinder(content, needle);
    this.find = {
      lessThan: finder('<'),
      newline: finder('\n'),
      arrow: finder(MARKER.commentEnd),
      colon: finder(':'),
      start: finder(MARKER.toolCallStart),
      end: finder(MARKER.toolCallEnd),
      think: finder('</think>'),
      thinking: finder('</thinking>'),
    };
  }

  scan(bodyStart: number): BodyParse {
    const { content } = this;
    const length = content.length;
    let position = bodyStart;
    this.literalStart = bodyStart;
    let atLineStart = true;
    let lineEnd = length;
    let firstNonSpace = -1;
    let fence: CodeFence | null = null;
    while (position < length) {
      if (atLineStart) {
        lineEnd = this.lineEnd(position);
        if (fence !== null) {
          if (closesFence(content, { lineStart: position, lineEnd, fence })) fence = null;
          position = lineEnd + 1;
          continue;
        }
        fence = openingFence(content, position, lineEnd);
        if (fence !== null) {
          position = lineEnd + 1;
          continue;
        }
        firstNonSpace = position;
        while (firstNonSpace < lineEnd && (content[firstNonSpace] === ' ' || content[firstNonSpace] === '\t')) firstNonSpace += 1;
        atLineStart = false;
      }
      const lessThan = this.find.lessThan.next(position);
      if (lessThan === -1 || lessThan >= lineEnd) {
        position = lineEnd + 1;
        atLineStart = true;
        continue;
      }
      const next = this.readAt(lessThan, { lineEnd, lineStartTag: lessThan === firstNonSpace });
      if (next === null) {
        position = lessThan + 1;
        continue;
      }
      position = next;
      atLineStart = position > 0 && content[position - 1] === '\n';
      if (!atLineStart) {
        lineEnd = this.lineEnd(position);
        firstNonSpace = -1;
      }
    }
    this.emitLiteral(length);
    return this.body.build();
  }

  /** Reads a marker or tag at `at`; returns where scanning resumes, or null when `<` starts nothing. */
  private readAt(at: number, options: { lineEnd: number; lineStartTag: boolean }): number | null {
    const { content } = this;
    if (content.startsWith(MARKER.toolCallStart, at)) return this.readToolCall(at, options.lineEnd);
    if (content.startsWith(MARKER.toolCallEnd, at)) return this.dropStrayEnd(at, options.lineEnd);
    if (!options.lineStartTag) return null;
    const tag = THINK_TAGS.find((candidate) => content.startsWith(candidate.open, at));
    return tag === undefined ? null : this.readThink(at, tag);
  }

  private readToolCall(at: number, lineEnd: number): number {
    const headerStart = at + MARKER.toolCallStart.length;
    const arrow = this.find.arrow.next(headerStart);
    this.emitLiteral(at);
    if (arrow === -1 || arrow > lineEnd) {
      // No header close on this line: drop the marker opening, keep everything after it as text.
      return this.skipTo(headerStart);
    }
    const header = parseToolCallHeader(this.content.slice(headerStart, arrow));
    const contentStart = arrow + MARKER.commentEnd.length;
    if (header === null) return this.skipTo(contentStart);
    const endAt = this.find.end.next(contentStart);
    const nextStart = this.find.start.next(contentStart);
    if (endAt === -1 || (nextStart !== -1 && nextStart < endAt)) {
      // Unclosed banner (docs/decisions/unclosed-tool-call-banner.md): show the banner, keep the rest as text.
      this.pushCall(legacyToolCall(header, { isExecuting: header.executingFlag, content: '', result: null }));
      return this.skipTo(contentStart);
    }
    const fieldsStart = endAt + MARKER.toolCallEnd.length;
    const closeArrow = this.find.arrow.next(fieldsStart);
    const resultEnd = closeArrow === -1 ? this.lineEnd(fieldsStart) : closeArrow;
    const colon = this.find.colon.next(fieldsStart);
    const rawResult = colon === -1 || colon >= resultEnd ? '' : this.content.slice(colon + 1, resultEnd);
    this.pushCall(legacyToolCall(header, { isExecuting: false, content: this.content.slice(contentStart, endAt), result: decodeToolResult(rawResult) }));
    return this.skipTo(closeArrow === -1 ? resultEnd : closeArrow + MARKER.commentEnd.length);
  }

  /** An END with no START: drop it through its `-->` on the same line, or just its opening. */
  private dropStrayEnd(at: number, lineEnd: number): number {
    this.emitLiteral(at);
    const fieldsStart = at + MARKER.toolCallEnd.length;
    const arrow = this.find.arrow.next(fieldsStart);
    return this.skipTo(arrow === -1 || arrow > lineEnd ? fieldsStart : arrow + MARKER.commentEnd.length);
  }

  private readThink(at: number, tag: (typeof THINK_TAGS)[number]): number {
    this.emitLiteral(at);
    const innerStart = at + tag.open.length;
    const close = (tag.open === '<think>' ? this.find.think : this.find.thinking).next(innerStart);
    const closed = close !== -1;
    const innerEnd = closed ? close : this.content.length;
    const think: ThinkSection = { text: this.content.slice(innerStart, innerEnd).trim(), closed };
    this.body.segment({ type: 'think', think });
    return this.skipTo(closed ? close + tag.close.length : this.content.length);
  }

  private pushCall(call: LegacyToolCall): void {
    this.body.segment({ type: 'tool_call', call });
  }

  private lineEnd(from: number): number {
    const newline = this.find.newline.next(from);
    return newline === -1 ? this.content.length : newline;
  }

  /** Marks everything from the last literal start up to `position` as removed. */
  private skipTo(position: number): number {
    this.literalStart = position;
    this.body.removed();
    return position;
  }

  private emitLiteral(until: number): void {
    if (until > this.literalStart) this.body.literal(this.content.slice(this.literalStart, until));
    this.literalStart = until;
  }

}

/** Written out field by field: object spread costs microseconds each in V8 and 10,000 banners add up. */
function legacyToolCall(header: ToolCallHeader, rest: Pick<LegacyToolCall, 'isExecuting' | 'content' | 'result'>): LegacyToolCall {
  return {
    id: header.id,
    toolName: header.toolName,
    displayName: header.displayName,
    emoji: header.emoji,
    confirmationMessage: header.confirmationMessage,
    isExecuting: rest.isExecuting,
    content: rest.content,
    result: rest.result,
  };
}

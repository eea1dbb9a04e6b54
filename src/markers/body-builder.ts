import type { ContentSegment, LegacyToolCall, ParsedAssistantContent, ThinkSection } from './content-types';
import { MARKER } from './marker-syntax';

/** The body part of a parse: segments in order, the visible text, and the lists. */
export type BodyParse = Pick<ParsedAssistantContent, 'segments' | 'text' | 'legacyToolCalls' | 'thinks'>;

/**
 * Collects a message body as the scanner reads it — literal text pieces, removed stretches
 * (markers) and segments (banners, think sections) — and builds the ordered segments and the
 * visible text at the end, merging adjacent text.
 */
export class BodyBuilder {
  /** Literal text pieces and the segments between them, in order. */
  private readonly parts: Array<string | ContentSegment> = [];
  /** Indexes of the string entries of `parts` (never empty strings). */
  private readonly literalIndexes: number[] = [];
  /** True when something was removed since the last literal piece. */
  private removedSinceLiteral = false;
  private readonly calls: LegacyToolCall[] = [];
  private readonly thinks: ThinkSection[] = [];

  /** Adds visible text. */
  literal(piece: string): void {
    if (piece === '') return;
    if (this.removedSinceLiteral) this.trimSpelledOpening(piece);
    this.literalIndexes.push(this.parts.length);
    this.parts.push(piece);
    this.removedSinceLiteral = false;
  }

  /** Notes that content was removed here (a marker, a banner, a think section). */
  removed(): void {
    this.removedSinceLiteral = true;
  }

  /** Adds a banner or think section; call {@link removed} for the text it replaced. */
  segment(segment: Exclude<ContentSegment, { type: 'markdown' }>): void {
    if (segment.type === 'tool_call') this.calls.push(segment.call);
    else this.thinks.push(segment.think);
    this.parts.push(segment);
  }

  /**
   * Removing a marker joins the text on either side. `<!--TOOL_CALL_` + (a removed banner) +
   * `START:` must not spell a new opening in the visible text, so the debris before the gap is
   * dropped until the join is harmless. Looks at most {@link JOIN_WINDOW} characters either side.
   */
  private trimSpelledOpening(next: string): void {
    // A joined opening puts at least its second character first in `next`.
    if (!JOIN_CONTINUATION_CHARS.has(next.charAt(0))) return;
    const lastIndex = this.literalIndexes[this.literalIndexes.length - 1];
    if (lastIndex === undefined) return;
    const last = this.parts[lastIndex] as string;
    // The usual case: no '<' near the end of the text so far, so no opening can span the join.
    if (last.length >= JOIN_WINDOW && last.indexOf('<', last.length - JOIN_WINDOW) === -1) return;
    for (;;) {
      const tail = this.textTail();
      const window = tail + next.slice(0, JOIN_WINDOW);
      const crossing = crossingOpening(window, tail.length);
      if (crossing === -1) return;
      this.trimText(tail.length - crossing);
    }
  }

  /** The last {@link JOIN_WINDOW} characters of the literal text so far. */
  private textTail(): string {
    let tail = '';
    for (let index = this.literalIndexes.length - 1; index >= 0 && tail.length < JOIN_WINDOW; index -= 1) {
      tail = (this.parts[this.literalIndexes[index]] as string) + tail;
    }
    return tail.slice(-JOIN_WINDOW);
  }

  private trimText(count: number): void {
    let left = count;
    while (left > 0 && this.literalIndexes.length > 0) {
      const partIndex = this.literalIndexes[this.literalIndexes.length - 1];
      const piece = this.parts[partIndex] as string;
      if (piece.length > left) {
        this.parts[partIndex] = piece.slice(0, piece.length - left);
        return;
      }
      left -= piece.length;
      this.parts[partIndex] = '';
      this.literalIndexes.pop();
    }
  }

  /** Merges adjacent literal pieces into Markdown segments; empty ones are left out. */
  build(): BodyParse {
    const segments: ContentSegment[] = [];
    const markdown: string[] = [];
    let runStart = 0;
    const flush = (runEnd: number) => {
      // Most runs are one piece: no join, no extra string.
      const text = runEnd - runStart === 1 ? (this.parts[runStart] as string) : (this.parts.slice(runStart, runEnd) as string[]).join('');
      if (text === '') return;
      markdown.push(text);
      segments.push({ type: 'markdown', text });
    };
    this.parts.forEach((part, index) => {
      if (typeof part === 'string') return;
      flush(index);
      runStart = index + 1;
      segments.push(part);
    });
    flush(this.parts.length);
    return { segments, text: markdown.join(''), legacyToolCalls: this.calls, thinks: this.thinks };
  }
}

const JOIN_OPENINGS = [MARKER.toolCallStart, MARKER.toolCallEnd];
const JOIN_WINDOW = Math.max(...JOIN_OPENINGS.map((opening) => opening.length)) - 1;
const JOIN_CONTINUATION_CHARS: ReadonlySet<string> = new Set(JOIN_OPENINGS.flatMap((opening) => [...opening.slice(1)]));

/** Start (in `window`) of an opening that spans the join at `boundary`, or -1. */
function crossingOpening(window: string, boundary: number): number {
  for (const opening of JOIN_OPENINGS) {
    for (let at = window.indexOf(opening); at !== -1 && at < boundary; at = window.indexOf(opening, at + 1)) {
      if (at + opening.length > boundary) return at;
    }
  }
  return -1;
}

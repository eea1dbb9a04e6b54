import { ForwardFinder } from './forward-finder';

/** Where a leading marker's payload ends, as found by {@link scanCommentPayload}. */
export interface CommentPayloadScan {
  /** Index just past the payload text (where `-->` starts, or where the scan gave up). */
  readonly payloadEnd: number;
  /** Index just past the whole marker (after `-->` when closed). */
  readonly markerEnd: number;
  /** True when the marker ended with its own `-->`. */
  readonly closed: boolean;
  /** The deepest `{`/`[` nesting seen outside strings. */
  readonly maxDepth: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const DASH = 0x2d;
const GREATER = 0x3e;

/**
 * Finds the end of a JSON-carrying comment marker in one forward pass (never backtracks).
 *
 * The end is the first `-->` outside a JSON string. Reading strings matters for notes saved by
 * writers that did not escape `>`: a step text holding `-->` then still stays inside the payload.
 * When `-->` is missing the scan stops early instead of swallowing the answer:
 * - at a blank line outside a string (the contract puts a blank line between marker and answer);
 * - at the first non-space character after a complete top-level JSON value (`{...}Answer`),
 *   taking along a `-` or `--` left over from a cut-off `-->`.
 * A raw line break inside a string ends the string: JSON strings cannot hold one, so the
 * payload is broken anyway and at most one line is misread.
 * When none of these ends it before the content runs out, the marker is taken to be its first
 * line only: the serializer always writes a marker on one line, so the lines after it are answer.
 */
export function scanCommentPayload(content: string, from: number): CommentPayloadScan {
  const length = content.length;
  const newlines = new ForwardFinder(content, '\n');
  let depth = 0;
  let maxDepth = 0;
  let valueDone = false;
  let index = from;
  while (index < length) {
    const code = content.charCodeAt(index);
    if (code === DASH && content.charCodeAt(index + 1) === DASH && content.charCodeAt(index + 2) === GREATER) {
      return { payloadEnd: index, markerEnd: index + 3, closed: true, maxDepth };
    }
    if (code === NEWLINE) {
      if (startsBlankLine(content, index + 1)) return { payloadEnd: index, markerEnd: index, closed: false, maxDepth };
      index += 1;
      continue;
    }
    if (valueDone && !isSpace(code)) return { payloadEnd: index, markerEnd: skipCutArrow(content, index), closed: false, maxDepth };
    if (code === QUOTE) {
      const stringEnd = skipString(content, index + 1, newlines);
      // A string broken by a raw line break resumes the scan at that line break.
      if (stringEnd.closed && depth === 0) valueDone = true;
      index = stringEnd.at;
      continue;
    }
    if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > maxDepth) maxDepth = depth;
    } else if (code === 0x7d || code === 0x5d) {
      depth = Math.max(0, depth - 1);
      if (depth === 0) valueDone = true;
    }
    index += 1;
  }
  const firstLineEnd = newlines.next(from);
  if (firstLineEnd !== -1) return { payloadEnd: firstLineEnd, markerEnd: firstLineEnd, closed: false, maxDepth };
  return { payloadEnd: length, markerEnd: length, closed: false, maxDepth };
}

/**
 * Skips a JSON string body starting after its opening quote, jumping with `indexOf` rather
 * than reading each character (payload text is mostly inside strings). Returns the index after
 * the closing quote (`closed`), or of the raw line break or content end that cut it off.
 */
function skipString(content: string, from: number, newlines: ForwardFinder): { at: number; closed: boolean } {
  const newline = newlines.next(from);
  let searchFrom = from;
  for (;;) {
    const quote = content.indexOf('"', searchFrom);
    if (quote === -1 || (newline !== -1 && newline < quote)) return { at: newline === -1 ? content.length : newline, closed: false };
    let backslashes = 0;
    while (quote - backslashes - 1 >= from && content.charCodeAt(quote - backslashes - 1) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return { at: quote + 1, closed: true };
    searchFrom = quote + 1;
  }
}

/** Past a `-` or `--` that is all that is left of a cut-off `-->` (followed by a space, a line break or the end). */
function skipCutArrow(content: string, index: number): number {
  let end = index;
  while (end < index + 2 && content.charCodeAt(end) === DASH) end += 1;
  return end > index && (end === content.length || isSpace(content.charCodeAt(end))) ? end : index;
}

/** True when the line starting at `index` holds only spaces/tabs/CR before its line break. */
function startsBlankLine(content: string, index: number): boolean {
  for (let at = index; at < content.length; at += 1) {
    const code = content.charCodeAt(at);
    if (code === NEWLINE) return true;
    if (code !== 0x20 && code !== 0x09 && code !== 0x0d) return false;
  }
  return false;
}

/** Space, tab, CR or LF. */
export function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0d || code === NEWLINE || code === 0xfeff;
}

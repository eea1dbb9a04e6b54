import type { ContentSegment, LegacyToolCall, ThinkSection } from '../../markers';
import { splitMarkdownBlocks } from './split-markdown-blocks';

/**
 * One rendered unit of a message body, in order: a Markdown block, a legacy tool banner or a
 * think section. The renderer compares pieces position by position, so a streaming message
 * touches only the pieces that changed (in practice, the last one).
 */
export type MessagePiece =
  | { readonly type: 'markdown'; readonly text: string }
  | { readonly type: 'tool_call'; readonly call: LegacyToolCall }
  | { readonly type: 'think'; readonly think: ThinkSection };

/** Splits the `ordinal`-th Markdown segment of a message into blocks. */
export type SplitMarkdown = (markdown: string, ordinal: number) => readonly string[];

/**
 * Turns parsed segments into pieces, splitting Markdown into top-level blocks (a streaming
 * message passes splitters that remember the last split: MarkdownBlockSplitter).
 */
export function toMessagePieces(segments: readonly ContentSegment[], split: SplitMarkdown = splitMarkdownBlocks): MessagePiece[] {
  const pieces: MessagePiece[] = [];
  let markdownOrdinal = 0;
  for (const segment of segments) {
    // CONTENT_SEGMENT_EDIT_REQUIRED
    switch (segment.type) {
      case 'markdown':
        for (const text of split(segment.text, markdownOrdinal)) pieces.push({ type: 'markdown', text });
        markdownOrdinal += 1;
        break;
      case 'tool_call':
        pieces.push({ type: 'tool_call', call: segment.call });
        break;
      case 'think':
        pieces.push({ type: 'think', think: segment.think });
        break;
      default:
        assertNever(segment);
    }
  }
  return pieces;
}

/** True when two pieces would render the same DOM. */
export function samePiece(a: MessagePiece, b: MessagePiece): boolean {
  // CONTENT_SEGMENT_EDIT_REQUIRED
  switch (a.type) {
    case 'markdown':
      return b.type === 'markdown' && a.text === b.text;
    case 'think':
      return b.type === 'think' && a.think.text === b.think.text && a.think.closed === b.think.closed;
    case 'tool_call':
      return b.type === 'tool_call' && sameCall(a.call, b.call);
    default: {
      const unhandled: never = a;
      return unhandled;
    }
  }
}

function sameCall(x: LegacyToolCall, y: LegacyToolCall): boolean {
  return x.id === y.id && x.result === y.result && x.isExecuting === y.isExecuting && x.content === y.content
    && x.displayName === y.displayName && x.emoji === y.emoji && x.toolName === y.toolName
    && x.confirmationMessage === y.confirmationMessage;
}

// A new segment type fails the type check here until the switch above handles it.
function assertNever(value: never): void {
  void value;
}

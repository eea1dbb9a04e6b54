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

/** Turns parsed segments into pieces, splitting Markdown into top-level blocks. */
export function toMessagePieces(segments: readonly ContentSegment[]): MessagePiece[] {
  const pieces: MessagePiece[] = [];
  for (const segment of segments) {
    // CONTENT_SEGMENT_EDIT_REQUIRED
    switch (segment.type) {
      case 'markdown':
        for (const text of splitMarkdownBlocks(segment.text)) pieces.push({ type: 'markdown', text });
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
  if (a.type === 'markdown' && b.type === 'markdown') return a.text === b.text;
  if (a.type === 'think' && b.type === 'think') return a.think.text === b.think.text && a.think.closed === b.think.closed;
  if (a.type === 'tool_call' && b.type === 'tool_call') {
    const x = a.call;
    const y = b.call;
    return x.id === y.id && x.result === y.result && x.isExecuting === y.isExecuting && x.content === y.content
      && x.displayName === y.displayName && x.emoji === y.emoji && x.toolName === y.toolName
      && x.confirmationMessage === y.confirmationMessage;
  }
  return false;
}

// Segments from a newer codec are skipped rather than breaking the message.
function assertNever(value: never): void {
  void value;
}

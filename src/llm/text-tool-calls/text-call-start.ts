import { TEXT_CALL_MARKERS } from './parse-text-tool-calls';

// A bare JSON call as it begins: `{` then, so far, `"name"` or a start of it (`[` first for a list).
const BARE_CALL_START = /[[{]\s*(?:\{\s*)?(?:"(?:n(?:a(?:m(?:e(?:"\s*:?)?)?)?)?)?)?$|[[{]\s*(?:\{\s*)?"name"\s*:/;

/**
 * Where a tool call written as text may begin in streamed text, or -1: the first marker
 * (`<tool_call>`, `[TOOL_CALLS]`, …), a start of one at the very end (`<tool_c`), or a `{` that
 * opens, or may still open, `{"name":`. Text before it is safe to show; from it on the runner
 * holds the text until the reply ends (docs/decisions/text-tool-calls.md).
 */
export function textCallStart(text: string): number {
  let start = -1;
  const earliest = (index: number): void => {
    if (index !== -1 && (start === -1 || index < start)) start = index;
  };
  for (const marker of TEXT_CALL_MARKERS) {
    earliest(text.indexOf(marker));
    for (let length = Math.min(marker.length - 1, text.length); length > 0; length--) {
      if (text.endsWith(marker.slice(0, length))) {
        earliest(text.length - length);
        break;
      }
    }
  }
  const bare = BARE_CALL_START.exec(text);
  if (bare !== null) earliest(bare.index);
  return start;
}

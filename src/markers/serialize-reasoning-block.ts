import { MARKER } from './marker-syntax';
import type { ReasoningPayload } from './reasoning-payload';

/**
 * Writes the version-1 marker `<!--REASONING_BLOCK:{json}-->` (DESIGN.md 3.1).
 *
 * The JSON is `JSON.stringify(payload)` with every `<` written as `\u003c` and every `>` as
 * `\u003e`: JSON needs neither character outside strings, so the payload can never contain
 * `-->` (or `<!--`, `</script>`, `--!>`) and can never end the comment early, whatever a step,
 * a note title or a tool output holds. JSON.stringify escapes line breaks and lone surrogates,
 * so the marker is always one line of well-formed UTF-16.
 *
 * Throws only what `JSON.stringify` throws (a cycle or a BigInt), which a payload built from
 * JSON data never has.
 *
 * @example
 * serializeReasoningBlock({ v: 1, status: 'complete', startedAt: 0, elapsedMs: 1200, steps: [] })
 * // '<!--REASONING_BLOCK:{"v":1,"status":"complete","startedAt":0,"elapsedMs":1200,"steps":[]}-->'
 */
export function serializeReasoningBlock(payload: ReasoningPayload): string {
  const json = JSON.stringify(payload).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e');
  return `${MARKER.reasoningBlock}${json}${MARKER.commentEnd}`;
}

/**
 * The content of an assistant message: the marker, a blank line, then the answer, or the
 * answer alone when there is no payload. {@link parseAssistantContent} gives `answer` back
 * unchanged (provided the answer holds no markers or think tags of its own outside code).
 */
export function composeAssistantContent(payload: ReasoningPayload | null, answer: string): string {
  return payload === null ? answer : `${serializeReasoningBlock(payload)}\n\n${answer}`;
}

import { MARKER } from './marker-syntax';
import { legacyStepsPayload, normalizeReasoningPayload } from './normalize-reasoning-payload';
import type { ParsedReasoning } from './content-types';
import type { ReasoningPayload, ReasoningStatus } from './reasoning-payload';
import { isSpace, scanCommentPayload } from './scan-comment-payload';

/** What {@link readLeadingMarker} found at the start of a message, and where the answer begins (0 when there is no marker). */
export type LeadingMarker = ParsedReasoning & { readonly bodyStart: number };

/**
 * Deeper JSON than this is unreadable. A real payload nests about six levels (payload, steps,
 * step, tool, args, a value); without a cap, a hostile note could hand the renderer a payload
 * that `JSON.stringify` cannot write back (it recurses) — docs/decisions/payload-depth-limit.md.
 */
export const MAX_PAYLOAD_DEPTH = 64;

const NO_MARKER: LeadingMarker = Object.freeze({ reasoning: null, reasoningError: false, bodyStart: 0 });

/**
 * Reads the one reasoning marker a message may start with: `<!--REASONING_BLOCK:...-->` (v1 or
 * the `{"elapsed","steps"}` form) or the legacy `<!--AGENT_REASONING:STATUS:SECONDS:[...]-->`.
 * Leading whitespace (spaces, tabs, line breaks, a byte-order mark) before it is allowed and
 * dropped. After a closed marker exactly one blank line (`\n\n` or `\r\n\r\n`) is removed, so
 * `composeAssistantContent(p, answer)` gives back `answer` byte for byte; otherwise at most one
 * line break is. An unclosed marker (no `-->`) ends at the blank line that should follow it,
 * and that one blank line is removed too.
 */
export function readLeadingMarker(content: string): LeadingMarker {
  let start = 0;
  while (start < content.length && isSpace(content.charCodeAt(start))) start += 1;
  let payloadStart: number;
  let kind: 'block' | 'agent';
  if (content.startsWith(MARKER.reasoningBlock, start)) {
    payloadStart = start + MARKER.reasoningBlock.length;
    kind = 'block';
  } else if (content.startsWith(MARKER.agentReasoning, start)) {
    payloadStart = start + MARKER.agentReasoning.length;
    kind = 'agent';
  } else {
    return NO_MARKER;
  }
  const scan = scanCommentPayload(content, payloadStart);
  const payloadText = content.slice(payloadStart, scan.payloadEnd);
  const readable = scan.closed && scan.maxDepth <= MAX_PAYLOAD_DEPTH;
  const reasoning = readable ? (kind === 'block' ? readBlockPayload(payloadText) : readAgentReasoning(payloadText)) : null;
  const bodyStart = scan.closed ? skipSeparator(content, scan.markerEnd) : skipBlankLine(content, scan.markerEnd);
  return reasoning === null ? { reasoning, reasoningError: true, bodyStart } : { reasoning, reasoningError: false, bodyStart };
}

function readBlockPayload(text: string): ReasoningPayload | null {
  const parsed = safeJsonParse(text);
  return parsed.ok ? normalizeReasoningPayload(parsed.value) : null;
}

/** `STATUS:SECONDS:JSON_ARRAY_OF_STRINGS`, the live marker of the earlier design. */
function readAgentReasoning(text: string): ReasoningPayload | null {
  const firstColon = text.indexOf(':');
  const secondColon = firstColon === -1 ? -1 : text.indexOf(':', firstColon + 1);
  if (secondColon === -1) return null;
  const statusWord = text.slice(0, firstColon).trim();
  const secondsText = text.slice(firstColon + 1, secondColon).trim();
  const seconds = Number(secondsText);
  if (secondsText === '' || !Number.isFinite(seconds)) return null;
  const parsed = safeJsonParse(text.slice(secondColon + 1));
  if (!parsed.ok || !Array.isArray(parsed.value)) return null;
  const steps = parsed.value as unknown[];
  if (!steps.every((step): step is string => typeof step === 'string')) return null;
  return legacyStepsPayload({ status: legacyStatus(statusWord), elapsedSeconds: seconds, summaries: steps, format: 'agent-reasoning' });
}

const STATUS_WORDS: Readonly<Record<string, ReasoningStatus>> = Object.freeze({
  reasoning: 'reasoning',
  thinking: 'reasoning',
  running: 'reasoning',
  active: 'reasoning',
  awaiting_input: 'awaiting_input',
  collapsed: 'collapsed',
  complete: 'complete',
  completed: 'complete',
  done: 'complete',
  finished: 'complete',
  stopped: 'stopped',
  cancelled: 'stopped',
  error: 'error',
  max_iterations: 'max_iterations',
  budget: 'budget',
});

/** Old status words map onto v1; an unknown word reads as `complete` (the run is over in a saved note). */
function legacyStatus(word: string): ReasoningStatus {
  return Object.prototype.hasOwnProperty.call(STATUS_WORDS, word.toLowerCase()) ? STATUS_WORDS[word.toLowerCase()] : 'complete';
}

function safeJsonParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function skipSeparator(content: string, at: number): number {
  if (content.startsWith('\n\n', at)) return at + 2;
  if (content.startsWith('\r\n\r\n', at)) return at + 4;
  if (content.startsWith('\r\n', at)) return at + 2;
  if (content.startsWith('\n', at)) return at + 1;
  return at;
}

/** Past one `\n[ \t\r]*\n` separator (an unclosed marker stops at its first line break). */
function skipBlankLine(content: string, at: number): number {
  if (content.charCodeAt(at) !== 0x0a) return skipSeparator(content, at);
  let index = at + 1;
  while (index < content.length && [0x20, 0x09, 0x0d].includes(content.charCodeAt(index))) index += 1;
  return content.charCodeAt(index) === 0x0a ? index + 1 : at + 1;
}

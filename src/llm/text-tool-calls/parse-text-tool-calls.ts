import type { LlmToolSchema } from '../chat-types';
import { balancedJsonEnd } from './balanced-json';
import { readJsonValue } from './read-json-value';
import { readXmlFunctionCall } from './xml-function-call';

/**
 * How a text call's arguments were read: as valid JSON, after one repair, or not at all (the
 * raw text is kept and the agent tells the model the call was malformed).
 */
export type TextToolCallArguments = 'valid' | 'repaired' | 'malformed';

/** A tool call the model wrote as text. */
export interface TextToolCall {
  /** The tool it names; '' when the call's text is too broken to name one. */
  readonly name: string;
  /** JSON text of the arguments, or the raw text when `status` is `malformed`. */
  readonly arguments: string;
  readonly status: TextToolCallArguments;
}

/** A reply's text split into the calls written in it and the rest. */
export interface ParsedTextToolCalls {
  readonly calls: readonly TextToolCall[];
  /** The text without the calls (and without the separators between them), trimmed. */
  readonly content: string;
}

/** The markers that open a call in the text formats of DESIGN.md 12.1 (and DeepSeek's). */
export const TEXT_CALL_MARKERS = Object.freeze(['<tool_call>', '<function=', '[TOOL_CALLS]', '[TOOL_REQUEST]', '<|tool▁calls▁begin|>', '<|tool▁call▁begin|>']);

interface Found {
  readonly start: number;
  readonly end: number;
  readonly calls: readonly TextToolCall[];
}

/**
 * Finds tool calls written as text in a reply whose `tool_calls` were empty: `<tool_call>{json}</tool_call>`
 * (Hermes, Qwen; `arguments`, `parameters` or `args`), `<function=…><parameter=…>` (Qwen3-Coder,
 * inside `<tool_call>` or bare), `[TOOL_CALLS][…]` or `[TOOL_CALLS]name[ARGS]{…}` (Mistral),
 * `[TOOL_REQUEST]{…}[END_TOOL_REQUEST]` (LM Studio), DeepSeek's `<|tool▁call▁begin|>`, and bare
 * `{"name":…,"parameters"|"arguments":…}` objects or lists of them, alone, among prose, or
 * separated by `;` (Llama 3). A call runs only when it names an offered tool; one that names
 * another tool stays text. A marked call whose text cannot be read even after a JSON repair is
 * returned `malformed`, so the model is told rather than the user shown it.
 */
export function parseTextToolCalls(text: string, tools: readonly LlmToolSchema[]): ParsedTextToolCalls {
  const offered = new Set(tools.map((tool) => tool.name));
  const found: Found[] = [];
  let cursor = 0;
  while (cursor < text.length) {
    const marked = nextMarker(text, cursor);
    const bare = nextBareCall(text, cursor, marked?.index ?? text.length, offered);
    if (bare !== undefined) {
      found.push(bare);
      cursor = bare.end;
      continue;
    }
    if (marked === undefined) break;
    const segment = readMarked(text, marked.index, marked.marker, tools);
    const calls = segment.calls.filter((call) => call.name === '' || offered.has(call.name));
    if (calls.length > 0) found.push({ ...segment, calls });
    cursor = Math.max(segment.end, marked.index + 1);
  }
  if (found.length === 0) return { calls: [], content: text };
  let content = '';
  let from = 0;
  for (const segment of found) {
    content += `${text.slice(from, segment.start).trimEnd()}\n`;
    from = segment.end;
  }
  content += text.slice(from);
  // Separators and stray brackets between and after calls are not content.
  const cleaned = content
    .split('\n')
    .filter((line) => !/^[\s;,[\]{}]*$/.test(line) || line === '')
    .join('\n')
    .replace(/^[\s;,\]}]+/, '')
    .trim();
  return { calls: found.flatMap((segment) => segment.calls), content: cleaned };
}

function nextMarker(text: string, from: number): { index: number; marker: string } | undefined {
  let best: { index: number; marker: string } | undefined;
  for (const marker of TEXT_CALL_MARKERS) {
    const index = text.indexOf(marker, from);
    if (index !== -1 && (best === undefined || index < best.index)) best = { index, marker };
  }
  return best;
}

/** Reads the call (or calls) a marker opens; `end` is where the text resumes. */
function readMarked(text: string, start: number, marker: string, tools: readonly LlmToolSchema[]): Found {
  const after = start + marker.length;
  switch (marker) {
    case '<tool_call>': {
      const end = closingOf(text, after, '</tool_call>', '<tool_call>');
      const body = text.slice(after, end.bodyEnd);
      if (body.trimStart().startsWith('<function=')) {
        const call = readXmlFunctionCall(body, tools);
        return { start, end: end.next, calls: [call ? { name: call.name, arguments: JSON.stringify(call.args), status: 'valid' } : malformed(body)] };
      }
      return { start, end: end.next, calls: [envelopeCall(body, end.closed)] };
    }
    case '<function=': {
      const close = text.indexOf('</function>', after);
      const end = close === -1 ? text.length : close + '</function>'.length;
      const call = readXmlFunctionCall(text.slice(start, end), tools);
      return { start, end, calls: [call ? { name: call.name, arguments: JSON.stringify(call.args), status: 'valid' } : malformed(text.slice(start, end))] };
    }
    case '[TOOL_REQUEST]': {
      const end = closingOf(text, after, '[END_TOOL_REQUEST]', '[TOOL_REQUEST]');
      return { start, end: end.next, calls: [envelopeCall(text.slice(after, end.bodyEnd), end.closed)] };
    }
    case '[TOOL_CALLS]':
      return readMistral(text, start, after);
    case '<|tool▁calls▁begin|>':
    case '<|tool▁call▁begin|>':
      return readDeepSeek(text, start);
    default:
      return { start, end: after, calls: [] };
  }
}

/** Where a marked call's body ends and the text after it resumes (closing tag optional). */
function closingOf(text: string, from: number, closing: string, nextOpening: string): { bodyEnd: number; next: number; closed: boolean } {
  const close = text.indexOf(closing, from);
  const reopen = text.indexOf(nextOpening, from);
  if (close !== -1 && (reopen === -1 || close < reopen)) return { bodyEnd: close, next: close + closing.length, closed: true };
  if (reopen !== -1) return { bodyEnd: reopen, next: reopen, closed: false };
  return { bodyEnd: text.length, next: text.length, closed: false };
}

/** The first JSON value of a body (its balanced span), or undefined when it never closes. */
function firstJson(body: string): string | undefined {
  const start = body.search(/[{[]/);
  if (start === -1) return body.trim();
  const end = balancedJsonEnd(body, start);
  return end === -1 ? undefined : body.slice(start, end);
}

/** Mistral: `[TOOL_CALLS] [{…}, …][/TOOL_CALLS]`, `[TOOL_CALLS]{…}`, or `[TOOL_CALLS]name[ARGS]{…}` (repeated). */
function readMistral(text: string, start: number, after: number): Found {
  const rest = text.slice(after);
  const lead = rest.length - rest.trimStart().length;
  const open = after + lead;
  if (text[open] === '[' || text[open] === '{') {
    const close = balancedJsonEnd(text, open);
    if (close === -1) return { start, end: text.length, calls: [malformed(text.slice(open))] };
    let end = close;
    const closingTag = /^\s*\[\/TOOL_CALLS\]/.exec(text.slice(end));
    if (closingTag) end += closingTag[0].length;
    return { start, end, calls: envelopeCalls(text.slice(open, close), 'marked') };
  }
  const named = /^([^\s[{]+)\[ARGS\]/.exec(text.slice(open));
  if (named === null) return { start, end: after, calls: [malformed(text.slice(open))] };
  const argsStart = open + named[0].length;
  const argsEnd = text[argsStart] === '{' ? balancedJsonEnd(text, argsStart) : -1;
  const end = argsEnd === -1 ? text.length : argsEnd;
  return { start, end, calls: [argumentsCall(named[1] ?? '', text.slice(argsStart, end))] };
}

/** DeepSeek: `<|tool▁call▁begin|>function<|tool▁sep|>name\n```json\n{…}\n```<|tool▁call▁end|>`, inside `<|tool▁calls▁begin|>…<|tool▁calls▁end|>`. */
function readDeepSeek(text: string, start: number): Found {
  const closeAll = text.indexOf('<|tool▁calls▁end|>', start);
  let end = closeAll === -1 ? text.length : closeAll + '<|tool▁calls▁end|>'.length;
  const ending = /^<\|end▁of▁sentence\|>/.exec(text.slice(end));
  if (ending) end += ending[0].length;
  const calls: TextToolCall[] = [];
  for (const match of text.slice(start, end).matchAll(/<\|tool▁call▁begin\|>(?:function)?<\|tool▁sep\|>([^\n]*)\n([\s\S]*?)(?:<\|tool▁call▁end\|>|$)/g)) {
    const body = (match[2] ?? '').replace(/^\s*```(?:json)?\s*/, '').replace(/\s*```\s*$/, '');
    calls.push(argumentsCall((match[1] ?? '').trim(), body));
  }
  return { start, end, calls };
}

/**
 * A bare JSON call before `limit`: an object with a name and arguments (or a list of them)
 * that names an offered tool. Other JSON (a code sample, `{"name": "jeff"}`) stays text.
 */
function nextBareCall(text: string, from: number, limit: number, offered: ReadonlySet<string>): Found | undefined {
  for (let index = from; index < limit; index++) {
    const character = text[index];
    if (character !== '{' && character !== '[') continue;
    const end = balancedJsonEnd(text, index);
    if (end === -1 || end > limit || !text.slice(index, end).includes('name')) continue;
    const read = readJsonValue(text.slice(index, end));
    if (!read.ok) continue;
    const items = Array.isArray(read.value) ? read.value : [read.value];
    const calls = items.map((item) => envelopeFrom(item, read.repaired, 'bare'));
    if (calls.length > 0 && calls.every((call) => call !== undefined && offered.has(call.name))) return { start: index, end, calls: calls as TextToolCall[] };
  }
  return undefined;
}

function envelopeCalls(json: string, kind: 'marked' | 'bare'): TextToolCall[] {
  const read = readJsonValue(json);
  if (!read.ok) return [malformed(json)];
  const items = Array.isArray(read.value) ? read.value : [read.value];
  const calls = items.map((item) => envelopeFrom(item, read.repaired, kind));
  return calls.every((call) => call !== undefined) && calls.length > 0 ? (calls) : [malformed(json)];
}

/**
 * A marked call's body: its first balanced JSON value, else (quotes escaped as in LM Studio's
 * docs throw the count off) the whole body when a closing tag ends it. JSON that never closes
 * and has no closing tag was cut off, so it is malformed rather than repaired into a guess.
 */
function envelopeCall(body: string, closed: boolean): TextToolCall {
  const json = firstJson(body) ?? (closed ? body.trim() : undefined);
  if (json === undefined) return malformed(body);
  return envelopeCalls(json, 'marked')[0] ?? malformed(json);
}

/**
 * `{name, arguments | parameters | args}` as a call. A bare object needs both keys (vLLM's rule:
 * `{"name": "x"}` alone is not a call); a marked one may leave the arguments out.
 */
function envelopeFrom(value: unknown, repaired: boolean, kind: 'marked' | 'bare'): TextToolCall | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const envelope = value as Record<string, unknown>;
  const name = envelope.name ?? (envelope.function as { name?: unknown } | undefined)?.name;
  if (typeof name !== 'string' || name === '') return undefined;
  const args = envelope.arguments ?? envelope.parameters ?? envelope.args;
  if (args === undefined && kind === 'bare') return undefined;
  if (typeof args === 'string') return argumentsCall(name, args);
  if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) return undefined;
  return { name, arguments: JSON.stringify(args ?? {}), status: repaired ? 'repaired' : 'valid' };
}

/** A call whose arguments are JSON text of their own: read once, repaired once, else malformed. */
function argumentsCall(name: string, argumentsText: string): TextToolCall {
  if (argumentsText.trim() === '') return { name, arguments: '{}', status: 'valid' };
  const read = readJsonValue(argumentsText);
  if (read.ok && read.value !== null && typeof read.value === 'object' && !Array.isArray(read.value)) {
    return { name, arguments: JSON.stringify(read.value), status: read.repaired ? 'repaired' : 'valid' };
  }
  return { name, arguments: argumentsText, status: 'malformed' };
}

/** A marked call that could not be read: named when its text still shows a name. */
function malformed(text: string): TextToolCall {
  const name = /"name"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? '';
  return { name, arguments: text.trim(), status: 'malformed' };
}

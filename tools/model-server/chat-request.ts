/** The parts of an incoming chat-completions request body the server reads. */
export interface ChatRequestBody {
  readonly model?: string;
  readonly messages?: readonly WireMessage[];
  readonly tools?: readonly WireTool[];
  readonly stream?: boolean;
  readonly stream_options?: { readonly include_usage?: boolean } | null;
}

/** A message as the client sent it. */
export interface WireMessage {
  readonly role?: string;
  readonly content?: string | null | readonly { readonly type?: string; readonly text?: string }[];
  readonly tool_calls?: readonly { readonly id?: string; readonly function?: { readonly name?: string; readonly arguments?: string } }[];
  readonly tool_call_id?: string;
}

/** A function tool as the client offered it. */
export interface WireTool {
  readonly type?: string;
  readonly function?: { readonly name?: string; readonly description?: string; readonly parameters?: { readonly properties?: Record<string, unknown> } };
}

/** A tool call of an earlier assistant message, with its result when one was sent. */
export interface CallWithResult {
  readonly id: string;
  readonly name: string;
  readonly args: Record<string, unknown>;
  readonly result: string | undefined;
}

/** The text of a message's content, whichever form it came in. */
export function contentText(message: WireMessage | undefined): string {
  const content = message?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('');
  return '';
}

/** What the plugin sends as the question of "Continue" (src/conversation/resumable-turn.ts; extractive-continue.test.ts sends the plugin's own, so the two cannot drift apart unnoticed). */
export const CONTINUE_QUESTION = 'Continue where you left off.';

/** The messages after the last user message (the current agent run). */
export function currentRun(messages: readonly WireMessage[]): { question: string; run: readonly WireMessage[] } {
  let lastUser = -1;
  messages.forEach((message, index) => {
    if (message.role === 'user') lastUser = index;
  });
  return { question: lastUser >= 0 ? withoutAttachments(contentText(messages[lastUser])) : '', run: messages.slice(lastUser + 1) };
}

/**
 * Like {@link currentRun}, but a "Continue" goes on with the stopped run
 * (docs/decisions/continue-run.md): its question is the one before, and its run is
 * the stopped run's messages followed by the new ones; `partialAnswer` is what the stopped run
 * had answered, which the continuation does not repeat.
 */
export function continuedRun(messages: readonly WireMessage[]): { question: string; run: readonly WireMessage[]; partialAnswer?: string } {
  const users = messages.flatMap((message, index) => (message.role === 'user' ? [index] : []));
  const last = users.at(-1) ?? -1;
  const question = last >= 0 ? withoutAttachments(contentText(messages[last])) : '';
  const before = users.at(-2);
  if (question.trim() !== CONTINUE_QUESTION || before === undefined) return { question, run: messages.slice(last + 1) };
  const stopped = messages.slice(before + 1, last);
  const answered = stopped.at(-1);
  const partialAnswer = answered?.role === 'assistant' && (answered.tool_calls ?? []).length === 0 ? contentText(answered) : '';
  return {
    question: withoutAttachments(contentText(messages[before])),
    // The stopped answer is left out: the continuation answers from the tool results.
    run: [...(partialAnswer !== '' ? stopped.slice(0, -1) : stopped), ...messages.slice(last + 1)],
    ...(partialAnswer !== '' ? { partialAnswer } : {}),
  };
}

/** A note or selection the question carries (`<attached path="…">` in the first request). */
export interface AttachedNote {
  readonly path: string;
  readonly text: string;
  /** Whether it is a selection from the note rather than the whole note. */
  readonly selection: boolean;
}

/** The notes and selections attached to the last user message (src/agent/context-step.ts writes them). */
export function attachedNotes(messages: readonly WireMessage[]): AttachedNote[] {
  const lastUser = [...messages].reverse().find((message) => message.role === 'user');
  const text = contentText(lastUser);
  const notes: AttachedNote[] = [];
  for (const match of text.matchAll(/<attached path=("(?:[^"\\]|\\.)*")>\n([^\n]*?):\n\n([\s\S]*?)\n<\/attached>/g)) {
    let path: string;
    try {
      path = JSON.parse(match[1]) as string;
    } catch {
      continue;
    }
    notes.push({ path, text: match[3], selection: match[2].startsWith('Selection from') });
  }
  return notes;
}

/**
 * The question itself, after the attached notes the first request carries before it
 * (`contextPreamble` in src/agent ends them with "Question:"): a model reads the attachments as
 * context, not as the words of the question.
 */
function withoutAttachments(text: string): string {
  const marker = '\nQuestion:\n';
  const preamble = text.startsWith('The user attached') || text.startsWith('No note exists') || text.startsWith('The vault tools are limited');
  // The marker after the last attached note: a note's own text may hold the same words.
  const at = preamble ? text.indexOf(marker, Math.max(0, text.lastIndexOf('</attached>'))) : -1;
  return at === -1 ? text : text.slice(at + marker.length);
}

/** The tool calls made in `run`, each with its result, in order. */
export function callsOf(run: readonly WireMessage[]): CallWithResult[] {
  const results = new Map<string, string>();
  for (const message of run) if (message.role === 'tool' && typeof message.tool_call_id === 'string') results.set(message.tool_call_id, contentText(message));
  const calls: CallWithResult[] = [];
  for (const message of run) {
    if (message.role !== 'assistant') continue;
    for (const call of message.tool_calls ?? []) {
      const id = call.id ?? '';
      calls.push({ id, name: call.function?.name ?? '', args: parseArgs(call.function?.arguments), result: results.get(id) });
    }
  }
  return calls;
}

function parseArgs(text: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The names of the tools offered in the request. */
export function toolNames(body: ChatRequestBody): Set<string> {
  return new Set((body.tools ?? []).map((tool) => tool.function?.name ?? '').filter((name) => name !== ''));
}

/**
 * The argument name a tool uses for a role, read from its schema (first property matching
 * `pattern`), or `fallback`. Keeps the extractive model working whatever the search tools call
 * their parameters.
 */
export function argumentName(body: ChatRequestBody, options: { tool: string; pattern: RegExp; fallback: string }): string {
  const tool = (body.tools ?? []).find((candidate) => candidate.function?.name === options.tool);
  const properties = Object.keys(tool?.function?.parameters?.properties ?? {});
  return properties.find((property) => options.pattern.test(property)) ?? options.fallback;
}

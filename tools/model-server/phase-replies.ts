import { contentText, type ChatRequestBody } from './chat-request';
import { titleOf, wikilink, type Quote } from './pick-quotes';

/** Which call of the reason-act-observe loop a request without tools is. */
export type ToolFreePhase = 'reason' | 'observe' | 'answer';

/**
 * The phase of a request offered no tools, read from the trailing system message the runner
 * adds (its reason prompt asks for `tools_to_consider`, its observe prompt for
 * `should_continue`). Anything else without tools is a request for the answer.
 */
export function toolFreePhase(body: ChatRequestBody): ToolFreePhase {
  const last = body.messages?.at(-1);
  const prompt = last?.role === 'system' ? contentText(last) : '';
  if (/tools_to_consider|"plan"\s*:/.test(prompt)) return 'reason';
  if (/should_continue|"observation"\s*:/.test(prompt)) return 'observe';
  return 'answer';
}

/** What the run has done so far, as the phases describe it. */
export interface RunProgress {
  readonly query: string;
  /** Whether the question asks to be asked, `request_input` exists and was not called yet. */
  readonly wantsToAsk: boolean;
  /** The user's reply to `request_input`, when there was one. */
  readonly userReply: string | undefined;
  readonly searched: boolean;
  /** Note paths the last search found, best first. */
  readonly found: readonly string[];
  /** The paths the policy reads next (or has read). */
  readonly toRead: readonly string[];
  readonly read: readonly string[];
  readonly quotes: readonly Quote[];
  /** The answer once notes are read (quotes, or that they say nothing). */
  readonly answer: string;
}

/** A reply with a sentence or two of prose and the JSON control block, as the phase prompts ask. */
function controlReply(prose: string, block: Record<string, unknown>): string {
  return `${prose}\n\n\`\`\`json\n${JSON.stringify(block)}\n\`\`\``;
}

/** The reason phase: a plan naming the tool the next act call uses, or `finish` once notes are read. */
export function reasonReply(progress: RunProgress): string {
  if (progress.wantsToAsk) {
    return controlReply('The question asks me to check with the user first.', { plan: 'Ask the user with request_input what to focus on', tools_to_consider: ['request_input'], finish: false });
  }
  if (!progress.searched) {
    return controlReply(`I have not looked at the notes yet. I will search them for "${progress.query}" and then read the best matches.`, {
      plan: `Search the notes with localSearch for "${progress.query}"`,
      tools_to_consider: ['localSearch', 'readNote'],
      finish: false,
    });
  }
  if (progress.read.length === 0 && progress.toRead.length > 0) {
    const titles = progress.toRead.map(titleOf).join(' and ');
    return controlReply(`The search found ${progress.found.length === 1 ? 'one note' : `${progress.found.length} notes`}; the best matches should hold the answer.`, {
      plan: `Read ${titles} with readNote`,
      tools_to_consider: ['readNote'],
      finish: false,
    });
  }
  return controlReply('I have what the notes say, so I can answer now.', { plan: 'Answer from the notes I read, quoting them', tools_to_consider: [], finish: true });
}

/** The observe phase: what the last tools showed; it ends the run with the answer once notes are read or nothing was found. */
export function observeReply(progress: RunProgress): string {
  if (!progress.searched) {
    const observation = progress.userReply !== undefined ? `The user answered "${progress.userReply}"; now I can search the notes.` : 'Nothing searched yet; the notes still need a search.';
    return controlReply('I still need the notes.', { observation, should_continue: true, final_answer: '' });
  }
  if (progress.found.length === 0) {
    return controlReply('There is nothing to read.', { observation: `The search found no notes about "${progress.query}".`, should_continue: false, final_answer: progress.answer });
  }
  if (progress.read.length === 0) {
    const [best, ...others] = progress.toRead.map(wikilink);
    const next = others.length > 0 ? `I should read it and ${others.join(' and ')}` : 'I should read it';
    return controlReply(`The snippets are not enough to quote; ${next}.`, {
      observation: `The search found ${progress.found.length === 1 ? 'one note' : `${progress.found.length} notes`}; the best match is ${best ?? 'unclear'}.`,
      should_continue: true,
      final_answer: '',
    });
  }
  const [first] = progress.quotes;
  const observation = first ? `${wikilink(first.path)} answers it: "${first.sentence}"` : `${progress.read.map(wikilink).join(' and ')} say nothing about "${progress.query}".`;
  return controlReply(`I read ${progress.read.map(wikilink).join(' and ')}; that is enough to answer.`, { observation, should_continue: false, final_answer: progress.answer });
}

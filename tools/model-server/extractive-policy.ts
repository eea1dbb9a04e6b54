import { argumentName, attachedNotes, callsOf, continuedRun, contentText, toolNames, type AttachedNote, type ChatRequestBody } from './chat-request';
import { observeReply, reasonReply, toolFreePhase, type RunProgress } from './phase-replies';
import { pickQuotes, quoteLines, titleOf, wikilink, type Quote } from './pick-quotes';
import { salientWords, stemsOf, termIn } from './question-terms';
import { turn, type ScenarioTurn, type TurnBuilder } from './scenario';
import { findNotePaths, findReadNoteChunks, noteBody, sentencesOf } from './tool-output-parsing';
import { planWrite, WRITE_TOOLS } from './write-plan';
import { writeRequest, type WriteRequest } from './write-request';

/** Options of the extractive "model". */
export interface ExtractiveOptions {
  /** Characters per streamed answer chunk (default 12: small, so streaming is visible). */
  readonly chunkChars?: number;
  /** How many notes to read after the search (1 or 2; default 2). */
  readonly notesToRead?: number;
}

/**
 * A deterministic "model" that answers from the vault through the real tools, with no vault
 * access of its own. It reads the run so far (the messages after the last user message):
 * 1. if the question says "ask me" and `request_input` is offered and not yet called: it asks;
 * 2. no `localSearch` yet: reasoning, `report_thinking` ("Planning the search") and
 *    `localSearch` with the question's salient words;
 * 3. search done, nothing read: `readNote` on the top 1–2 paths found in the search output;
 * 4. notes read: reasoning, then an answer quoting 1–3 sentences (or table rows) that best
 *    answer the question, with `[[Title]]` links.
 * Notes attached to the question answer it without a search when the question points at them
 * ("this note", a selection) or one of their sentences holds every word of it. A request to
 * create, append to or edit a note calls the write tool (after looking up the content it names
 * by topic) and then says how it went. "Continue where you left off." goes on with the stopped
 * run and does not repeat what it had already answered.
 * Offered no tools, it plays the reason-act-observe phases (a plan or an observation as the
 * runner's JSON control block) or, for a plain answer request, answers from what it has read.
 */
export function extractiveTurn(body: ChatRequestBody, options: ExtractiveOptions = {}): ScenarioTurn {
  const chunkChars = options.chunkChars ?? 12;
  const tools = toolNames(body);
  const progress = runProgress(body, options);
  // In the reason-act-observe act call (a phase prompt last) the plan was already shown: no
  // native reasoning on top of it.
  const actPhase = tools.size > 0 && body.messages?.at(-1)?.role === 'system';
  const think = (t: TurnBuilder, reasoning: string): TurnBuilder => (actPhase ? t : t.reasoning(reasoning, { chunkChars }));
  const answer = (text: string, reasoning?: string): ScenarioTurn => turn((t) => (reasoning === undefined ? t : think(t, reasoning)).text(text, { chunkChars }));

  if (tools.size === 0) {
    const phase = toolFreePhase(body);
    // Phase replies carry no native reasoning: the runner shows the control block as the step.
    if (phase === 'reason') return answer(reasonReply(progress));
    if (phase === 'observe') return answer(observeReply(progress));
    if (progress.read.length > 0 || progress.searched) return answer(progress.answer, 'I answer from what I found so far.');
    return answer('I cannot search your notes with the tools I was given.', 'No search tool is available.');
  }

  const { run } = continuedRun(body.messages ?? []);
  // Deterministic call ids: the step of the run and the call's position in it.
  const step = run.filter((message) => message.role === 'assistant').length;
  let callNumber = 0;
  const callId = (): { id: string } => ({ id: `call_${step}_${callNumber++}` });
  const { query } = progress;

  if (progress.wantsToAsk) {
    return turn((t) =>
      think(t, 'The question leaves a choice open, so I will ask before searching.').toolCall('request_input', { question: `Should I focus on a short summary or on every detail about "${query}"?`, options: ['A short summary', 'Every detail'] }, callId()),
    );
  }
  if (progress.write !== undefined && WRITE_TOOLS.some((name) => tools.has(name))) {
    const step = planWrite(progress.write, { attached: progress.attached, calls: callsOf(run), quotes: progress.quotes, researched: progress.read.length > 0 || (progress.searched && progress.found.length === 0) });
    if (step.kind === 'write') return turn((t) => think(t, step.reasoning).toolCall(step.tool, step.args, callId()));
    if (step.kind === 'read') return turn((t) => think(t, `I will read ${wikilink(step.path)} to find the words to change.`).toolCall('readNote', { path: step.path }, callId()));
    if (step.kind === 'answer') return answer(step.text, step.reasoning);
    // 'research': the content is named by topic; search and read it first, as for a question.
  } else if (progress.fromAttachments) {
    return answer(progress.answer, `The ${progress.attached.some((note) => note.selection) ? 'selection' : 'attached note'} answers the question.`);
  }
  if (!tools.has('localSearch')) return answer('I cannot search your notes with the tools I was given.', 'No search tool is available.');

  if (!progress.searched) {
    return turn((t) => {
      think(t, `I will search the notes for "${query}" and read the best matches.`);
      if (tools.has('report_thinking')) t.toolCall('report_thinking', { step: 'Planning the search', detail: `Looking for notes about: ${query}` }, { fragments: 2, ...callId() });
      const queryArgument = argumentName(body, { tool: 'localSearch', pattern: /^(query|q|text|search)/i, fallback: 'query' });
      return t.toolCall('localSearch', { [queryArgument]: query }, callId());
    });
  }

  if (progress.read.length === 0) {
    const paths = progress.toRead;
    if (paths.length === 0) return answer(progress.answer, 'The search found no notes.');
    if (!tools.has('readNote')) return answer(progress.answer, 'I cannot open notes, so I list what the search found.');
    const pathArgument = argumentName(body, { tool: 'readNote', pattern: /^(path|file|note)/i, fallback: 'path' });
    const chunkArgument = argumentName(body, { tool: 'readNote', pattern: /^(chunk|part|page)/i, fallback: 'chunk' });
    // A long note's result names the chunk that holds the passage: read that one.
    const chunks = findReadNoteChunks(searchOutput(body));
    return turn((t) => {
      think(t, `The search found ${paths.length === 1 ? 'one promising note' : 'promising notes'}. I will read ${paths.map(titleOf).join(' and ')}.`);
      return paths.reduce<TurnBuilder>((builder, path) => {
        const chunk = chunks.get(path);
        return builder.toolCall('readNote', { [pathArgument]: path, ...(chunk !== undefined ? { [chunkArgument]: chunk } : {}) }, callId());
      }, t);
    });
  }

  const count = progress.read.length;
  return answer(progress.answer, progress.quotes.length === 0 ? 'Nothing in the notes I read matches the question.' : `I read ${count === 1 ? 'one note' : `${count} notes`} and picked the sentences that answer the question.`);
}

/** Reads the run: the question's terms, what it attached, the last search, the notes read, and the answer they give. */
function runProgress(body: ChatRequestBody, options: ExtractiveOptions): RunProgress & { attached: readonly AttachedNote[]; write: WriteRequest | undefined; fromAttachments: boolean } {
  const messages = body.messages ?? [];
  const { question, run, partialAnswer } = continuedRun(messages);
  const calls = callsOf(run);
  const attached = attachedNotes(messages);
  const write = writeRequest(question);
  const words = salientWords(write?.kind === 'create' || write?.kind === 'append' ? (write.topic ?? question) : question);
  const query = words.join(' ') || question.trim();
  const asked = calls.find((call) => call.name === 'request_input');
  const wantsToAsk = /\bask me\b/i.test(question) && offeredTools(body).has('request_input') && asked === undefined;
  const search = calls.filter((call) => call.name === 'localSearch').at(-1);
  const found = search ? findNotePaths(search.result ?? '') : [];
  const toRead = found.slice(0, Math.max(1, Math.min(2, options.notesToRead ?? 2)));
  const reads = calls.filter((call) => call.name === 'readNote');
  const read = reads.map((call) => Object.values(call.args).find((value): value is string => typeof value === 'string') ?? 'Note.md');
  const attachedQuotes = write === undefined ? quotesFromAttachments(attached, question, words) : undefined;
  const quotes = attachedQuotes ?? pickQuotes({ notes: reads.map((call, position) => ({ path: read[position], text: noteBody(call.result ?? '') })), terms: words, question, topPath: found[0] });
  let answer: string;
  if (attachedQuotes !== undefined || reads.length > 0) {
    answer = quotes.length === 0 ? `The notes I read do not say anything about ${query}.` : `Here is what your notes say:\n\n${quoteLines(quotes)}`;
  } else if (found.length > 0) answer = `These notes mention ${query}: ${toRead.map(wikilink).join(', ')}.`;
  else answer = `I could not find anything about ${query} in your notes.`;
  if (partialAnswer !== undefined) answer = continuation(answer, partialAnswer);
  return { query, wantsToAsk, userReply: asked?.result, searched: search !== undefined, found, toRead, read, quotes, answer, attached, write, fromAttachments: attachedQuotes !== undefined };
}

/** Words that point at what the question carries ("summarise this", "explain the selection"), not what it is about. */
const POINTING = /\b(?:this|the|that|my)\s+(?:open\s+|current\s+)?(?:note|selection|passage|text|page|section|lines?)\b|\b(?:attached|selected)\b|^(?:summari[sz]e|explain)\b(?:\s+(?:this|it|that))?\s*[?.!]*$/i;
const ABOUT_NOTHING = new Set(['summarise', 'summarize', 'summary', 'explain', 'selection', 'selected', 'attached', 'open', 'current', 'lines', 'passage', 'text', 'mean', 'means']);

/**
 * The quotes that answer the question from the attached notes, or undefined when they do not:
 * the question points at them (or a selection is attached), or a sentence of theirs holds every
 * word of the question (with its note's title). A question about nothing in particular
 * ("Summarise this") gets their first sentences.
 */
function quotesFromAttachments(attached: readonly AttachedNote[], question: string, words: readonly string[]): Quote[] | undefined {
  const notes = attached.filter((note) => note.text.trim() !== '');
  if (notes.length === 0) return undefined;
  const topic = words.filter((word) => !ABOUT_NOTHING.has(word));
  const pointed = POINTING.test(question) || notes.some((note) => note.selection);
  if (pointed && topic.length === 0) return notes.flatMap((note) => sentencesOf(note.text).slice(0, 3).map((sentence) => ({ path: note.path, sentence, score: 0 }))).slice(0, 3);
  const quotes = pickQuotes({ notes, terms: topic, question, topPath: notes[0].path });
  const [best] = quotes;
  const covers = best !== undefined && topic.every((term) => termIn(term, stemsOf(`${best.sentence} ${titleOf(best.path)}`)));
  return (pointed && quotes.length > 0) || covers ? quotes : undefined;
}

/**
 * The rest of an answer a stopped run had begun: from the start of the line it was cut in (a
 * quote or table row whole again), or within a one-line answer from the word it was cut in, after "…".
 */
function continuation(answer: string, partial: string): string {
  const said = partial.trimEnd();
  if (said === '' || !answer.startsWith(said)) return answer;
  const lineStart = said.lastIndexOf('\n') + 1;
  if (lineStart > 0) return answer.slice(lineStart).trimStart() || 'That was the whole answer.';
  const rest = answer.slice(said.length - (/\S*$/.exec(said)?.[0].length ?? 0)).trimStart();
  return rest === '' ? 'That was the whole answer.' : `…${rest}`;
}

/** The output of the run's last localSearch call. */
function searchOutput(body: ChatRequestBody): string {
  const { run } = continuedRun(body.messages ?? []);
  return callsOf(run).filter((call) => call.name === 'localSearch').at(-1)?.result ?? '';
}

/** The tools of the request, or (phase calls carry none) those the system prompt lists. */
function offeredTools(body: ChatRequestBody): Set<string> {
  const offered = toolNames(body);
  if (offered.size > 0) return offered;
  const system = (body.messages ?? []).find((message) => message.role === 'system');
  const line = /Tools you can call: ([^\n]*)/.exec(contentText(system));
  return new Set((line?.[1] ?? '').replace(/\.$/, '').split(',').map((name) => name.trim()).filter((name) => name !== ''));
}

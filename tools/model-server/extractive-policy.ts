import { argumentName, callsOf, currentRun, toolNames, type CallWithResult, type ChatRequestBody } from './chat-request';
import { turn, type ScenarioTurn, type TurnBuilder } from './scenario';
import { findNotePaths, noteBody, sentencesOf } from './tool-output-parsing';

/** Options of the extractive "model". */
export interface ExtractiveOptions {
  /** Characters per streamed answer chunk (default 12: small, so streaming is visible). */
  readonly chunkChars?: number;
  /** How many notes to read after the search (1 or 2; default 2). */
  readonly notesToRead?: number;
}

const STOP_WORDS = new Set(
  'a about above after again all am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours out over own same she should so some such than that the their theirs them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours tell show give find know say said please ask note notes vault'.split(
    ' ',
  ),
);

/** The question's salient words (lower case, no stop words, at most 6). */
export function salientWords(question: string): string[] {
  const words = question.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  const unique: string[] = [];
  for (const word of words) if (word.length >= 3 && !STOP_WORDS.has(word) && !unique.includes(word)) unique.push(word);
  return unique.slice(0, 6);
}

/**
 * A deterministic "model" that answers from the vault through the real tools, with no vault
 * access of its own. It reads the run so far (the messages after the last user message):
 * 1. if the question says "ask me" and `request_input` is offered and not yet called: it asks;
 * 2. no `localSearch` yet: reasoning, `report_thinking` ("Planning the search") and
 *    `localSearch` with the question's salient words;
 * 3. search done, nothing read: `readNote` on the top 1–2 paths found in the search output;
 * 4. notes read: reasoning, then an answer quoting 1–3 matching sentences with `[[Title]]` links.
 */
export function extractiveTurn(body: ChatRequestBody, options: ExtractiveOptions = {}): ScenarioTurn {
  const chunkChars = options.chunkChars ?? 12;
  const { question, run } = currentRun(body.messages ?? []);
  const calls = callsOf(run);
  const tools = toolNames(body);
  const words = salientWords(question);
  const query = words.join(' ') || question.trim();
  // Deterministic call ids: the step of the run and the call's position in it.
  const step = run.filter((message) => message.role === 'assistant').length;
  let callNumber = 0;
  const callId = (): { id: string } => ({ id: `call_${step}_${callNumber++}` });
  const answer = (text: string, reasoning: string): ScenarioTurn => turn((t) => t.reasoning(reasoning, { chunkChars }).text(text, { chunkChars }));

  if (/\bask me\b/i.test(question) && tools.has('request_input') && !calls.some((call) => call.name === 'request_input')) {
    return turn((t) =>
      t
        .reasoning('The question leaves a choice open, so I will ask before searching.', { chunkChars })
        .toolCall('request_input', { question: `Should I focus on a short summary or on every detail about "${query}"?`, options: ['A short summary', 'Every detail'] }, callId()),
    );
  }
  if (!tools.has('localSearch')) return answer('I cannot search your notes with the tools I was given.', 'No search tool is available.');

  const search = calls.filter((call) => call.name === 'localSearch').at(-1);
  if (!search) {
    return turn((t) => {
      t.reasoning(`I will search the notes for "${query}" and read the best matches.`, { chunkChars });
      if (tools.has('report_thinking')) t.toolCall('report_thinking', { step: 'Planning the search', detail: `Looking for notes about: ${query}` }, { fragments: 2, ...callId() });
      const queryArgument = argumentName(body, { tool: 'localSearch', pattern: /^(query|q|text|search)/i, fallback: 'query' });
      return t.toolCall('localSearch', { [queryArgument]: query }, callId());
    });
  }

  const reads = calls.filter((call) => call.name === 'readNote');
  if (reads.length === 0) {
    const paths = findNotePaths(search.result ?? '').slice(0, Math.max(1, Math.min(2, options.notesToRead ?? 2)));
    if (paths.length === 0) return answer(`I could not find anything about ${query} in your notes.`, 'The search found no notes.');
    if (!tools.has('readNote')) return answer(`These notes mention ${query}: ${paths.map(wikilink).join(', ')}.`, 'I cannot open notes, so I list what the search found.');
    const pathArgument = argumentName(body, { tool: 'readNote', pattern: /^(path|file|note)/i, fallback: 'path' });
    return turn((t) => {
      t.reasoning(`The search found ${paths.length === 1 ? 'one promising note' : 'promising notes'}. I will read ${paths.map(titleOf).join(' and ')}.`, { chunkChars });
      return paths.reduce<TurnBuilder>((builder, path) => builder.toolCall('readNote', { [pathArgument]: path }, callId()), t);
    });
  }

  const quotes = pickQuotes(reads, words);
  if (quotes.length === 0) return answer(`The notes I read do not say anything about ${query}.`, 'Nothing in the notes I read matches the question.');
  const lines = quotes.map((quote) => `- ${wikilink(quote.path)}: "${quote.sentence}"`);
  const text = `Here is what your notes say:\n\n${lines.join('\n')}`;
  return answer(text, `I read ${reads.length === 1 ? 'one note' : `${reads.length} notes`} and picked the sentences that answer the question.`);
}

interface Quote {
  readonly path: string;
  readonly sentence: string;
  readonly score: number;
  readonly matches: number;
  readonly order: number;
}

/** Up to three sentences from the read notes, best matches first, at most two per note. */
function pickQuotes(reads: readonly CallWithResult[], words: readonly string[]): Quote[] {
  const candidates: Quote[] = [];
  let order = 0;
  for (const read of reads) {
    const path = Object.values(read.args).find((value): value is string => typeof value === 'string') ?? 'Note.md';
    for (const sentence of sentencesOf(noteBody(read.result ?? ''))) {
      const lower = sentence.toLowerCase();
      const matches = words.filter((word) => lower.includes(word.slice(0, Math.max(4, word.length - 2)))).length;
      // Whole sentences (capital first, full stop last) beat fragments with as many matches.
      const score = matches === 0 ? 0 : matches * 2 + (/^[\p{Lu}\p{N}]/u.test(sentence) && /[.!?]$/.test(sentence) ? 1 : 0);
      candidates.push({ path, sentence, score, matches, order: order++ });
    }
  }
  // Only sentences about as relevant as the best one: a single shared common word is not enough.
  const best = Math.max(0, ...candidates.map((quote) => quote.matches));
  const ranked = candidates.filter((quote) => quote.matches > 0 && quote.matches >= Math.ceil((best * 2) / 3)).sort((left, right) => right.score - left.score || left.order - right.order);
  const picked: Quote[] = [];
  for (const quote of ranked.length > 0 ? ranked : candidates.slice(0, 1)) {
    if (picked.length >= 3) break;
    if (picked.filter((other) => other.path === quote.path).length >= 2) continue;
    picked.push(quote);
  }
  return picked.sort((left, right) => left.order - right.order);
}

function titleOf(path: string): string {
  const name = path.split('/').at(-1) ?? path;
  return name.replace(/\.md$/i, '');
}

function wikilink(path: string): string {
  return `[[${titleOf(path)}]]`;
}

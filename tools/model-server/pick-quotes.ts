import type { CallWithResult } from './chat-request';
import { answerKind, answersKind, stemsOf, termIn } from './question-terms';
import { noteBody, noteSentences } from './tool-output-parsing';

/** A sentence chosen to quote, from the note at `path`. */
export interface Quote {
  readonly path: string;
  readonly sentence: string;
  readonly score: number;
}

/** Weights of the sentence score; a rare question word in the sentence itself counts most. */
const WEIGHTS = Object.freeze({ inSentence: 2, inHeadingOrTitle: 0.75, topNote: 1.5, wholeSentence: 0.5, answersKindFactor: 1.6 });
/** Sentences scoring below this share of the best one are not quoted. */
const KEEP_SHARE = 0.8;

interface Candidate {
  readonly path: string;
  readonly sentence: string;
  readonly own: ReadonlySet<string>;
  readonly context: ReadonlySet<string>;
  readonly order: number;
}

/**
 * Up to three sentences from the read notes that best answer the question, best first, at most
 * two per note. A sentence scores for the question's terms it contains (stemmed, synonyms; a
 * term found in few sentences weighs more than one found everywhere), a little for terms only
 * in its heading or note title, and for being in the search's top note; holding the kind of
 * answer asked for (a duration for "how long", a sum for "how much") multiplies the score.
 * Only sentences with at least one term of their own can be quoted.
 */
export function pickQuotes(options: { reads: readonly CallWithResult[]; terms: readonly string[]; question: string; topPath: string | undefined }): Quote[] {
  const kind = answerKind(options.question);
  const candidates: Candidate[] = [];
  for (const read of options.reads) {
    const path = Object.values(read.args).find((value): value is string => typeof value === 'string') ?? 'Note.md';
    const titleStems = stemsOf(titleOf(path));
    for (const { sentence, heading } of noteSentences(noteBody(read.result ?? ''))) {
      // A [[link]] names another note: its words are context, not what the sentence says.
      const links = [...sentence.matchAll(/\[\[([^\]|]+)(?:\|[^\]]*)?\]\]/g)].map((match) => match[1]).join(' ');
      const own = stemsOf(sentence.replace(/\[\[([^\]|]+)\|([^\]]*)\]\]/g, '$2').replace(/\[\[[^\]]*\]\]/g, ' '));
      candidates.push({ path, sentence, own, context: new Set([...titleStems, ...stemsOf(heading), ...stemsOf(links)]), order: candidates.length });
    }
  }
  const weights = termWeights(options.terms, candidates);
  const scored: (Quote & { order: number })[] = [];
  for (const candidate of candidates) {
    const direct = options.terms.filter((term) => termIn(term, candidate.own));
    if (direct.length === 0) continue;
    const indirect = options.terms.filter((term) => !direct.includes(term) && termIn(term, candidate.context)).length;
    const { sentence, path, order } = candidate;
    const base =
      direct.reduce((sum, term) => sum + (weights.get(term) ?? 0), 0) +
      indirect * WEIGHTS.inHeadingOrTitle +
      (path === options.topPath ? WEIGHTS.topNote : 0) +
      // Whole sentences (capital first, full stop last) beat fragments with as many matches.
      (/^[\p{Lu}\p{N}]/u.test(sentence) && /[.!?]$/.test(sentence) ? WEIGHTS.wholeSentence : 0);
    scored.push({ path, sentence, order, score: answersKind(sentence, kind) ? base * WEIGHTS.answersKindFactor : base });
  }
  // No sentence shares a word with the question (another language, say): the search still
  // ranked the top note first, so its opening sentence is the best quote there is.
  if (scored.length === 0) {
    const opening = candidates.find((candidate) => candidate.path === options.topPath) ?? candidates[0];
    return opening ? [{ path: opening.path, sentence: opening.sentence, score: 0 }] : [];
  }
  const best = Math.max(0, ...scored.map((quote) => quote.score));
  const ranked = scored.filter((quote) => quote.score >= best * KEEP_SHARE).sort((left, right) => right.score - left.score || left.order - right.order);
  const picked: Quote[] = [];
  for (const { path, sentence, score } of ranked) {
    if (picked.length >= 3) break;
    if (picked.filter((other) => other.path === path).length >= 2 || picked.some((other) => other.sentence === sentence)) continue;
    picked.push({ path, sentence, score });
  }
  return picked;
}

/** Per term: {@link WEIGHTS.inSentence} scaled by how rare the term is among the sentences (an IDF). */
function termWeights(terms: readonly string[], candidates: readonly Candidate[]): Map<string, number> {
  const total = Math.max(1, candidates.length);
  const weights = new Map<string, number>();
  for (const term of terms) {
    const frequency = Math.max(1, candidates.filter((candidate) => termIn(term, candidate.own)).length);
    weights.set(term, (WEIGHTS.inSentence * Math.log(1 + total / frequency)) / Math.log(1 + total));
  }
  return weights;
}

/** A note's title: its file name without `.md`. */
export function titleOf(path: string): string {
  const name = path.split('/').at(-1) ?? path;
  return name.replace(/\.md$/i, '');
}

/** `[[Title]]` for a note path. */
export function wikilink(path: string): string {
  return `[[${titleOf(path)}]]`;
}

import { answerKind, answersKind, stemsOf, termIn } from './question-terms';
import { noteSentences, noteTableRows } from './tool-output-parsing';

/** A sentence (or a table row) chosen to quote, from the note at `path`. */
export interface Quote {
  readonly path: string;
  /** The sentence, or the table row's line verbatim. */
  readonly sentence: string;
  readonly score: number;
  /** For a table row: its table's header and delimiter lines, to quote the row as a table. */
  readonly table?: QuoteTable;
}

/** The header of the table a quoted row comes from. */
export interface QuoteTable {
  readonly header: string;
  readonly delimiter: string;
}

/** A note's text as the model has it: read with a tool, or attached to the question. */
export interface NoteText {
  readonly path: string;
  readonly text: string;
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
  readonly table?: QuoteTable;
}

/**
 * Up to three sentences (or table rows) from the notes read that best answer the question, best
 * first, at most two per note. A table row counts its cells as its own words and its header as
 * context ("response time" in the header, "Sev-2" in the row). A sentence scores for the question's terms it contains (stemmed, synonyms; a
 * term found in few sentences weighs more than one found everywhere), a little for terms only
 * in its heading or note title, and for being in the search's top note; holding the kind of
 * answer asked for (a duration for "how long", a sum for "how much") multiplies the score.
 * Only sentences with at least one term of their own can be quoted.
 */
export function pickQuotes(options: { notes: readonly NoteText[]; terms: readonly string[]; question: string; topPath: string | undefined }): Quote[] {
  const kind = answerKind(options.question);
  const candidates: Candidate[] = [];
  for (const { path, text } of options.notes) {
    const titleStems = stemsOf(titleOf(path));
    for (const { sentence, heading } of noteSentences(text)) {
      // A [[link]] names another note: its words are context, not what the sentence says.
      const links = [...sentence.matchAll(/\[\[([^\]|]+)(?:\|[^\]]*)?\]\]/g)].map((match) => match[1]).join(' ');
      const own = stemsOf(sentence.replace(/\[\[([^\]|]+)\|([^\]]*)\]\]/g, '$2').replace(/\[\[[^\]]*\]\]/g, ' '));
      candidates.push({ path, sentence, own, context: new Set([...titleStems, ...stemsOf(heading), ...stemsOf(links)]), order: candidates.length });
    }
    for (const { row, cells, header, delimiter, headerCells, heading } of noteTableRows(text)) {
      const context = new Set([...titleStems, ...stemsOf(heading), ...stemsOf(headerCells.join(' '))]);
      candidates.push({ path, sentence: row, own: stemsOf(cells.join(' ')), context, order: candidates.length, table: { header, delimiter } });
    }
  }
  const weights = termWeights(options.terms, candidates);
  const scored: (Quote & { order: number })[] = [];
  for (const candidate of candidates) {
    const direct = options.terms.filter((term) => termIn(term, candidate.own));
    if (direct.length === 0) continue;
    const indirect = options.terms.filter((term) => !direct.includes(term) && termIn(term, candidate.context)).length;
    const { sentence, path, order, table } = candidate;
    const base =
      direct.reduce((sum, term) => sum + (weights.get(term) ?? 0), 0) +
      indirect * WEIGHTS.inHeadingOrTitle +
      (path === options.topPath ? WEIGHTS.topNote : 0) +
      // Whole sentences (capital first, full stop last) beat fragments with as many matches.
      (/^[\p{Lu}\p{N}]/u.test(sentence) && /[.!?]$/.test(sentence) ? WEIGHTS.wholeSentence : 0);
    scored.push({ path, sentence, order, score: answersKind(sentence, kind) ? base * WEIGHTS.answersKindFactor : base, ...(table ? { table } : {}) });
  }
  // No sentence shares a word with the question (another language, say): the search still
  // ranked the top note first, so its opening sentence is the best quote there is.
  if (scored.length === 0) {
    const opening = candidates.find((candidate) => candidate.path === options.topPath) ?? candidates[0];
    return opening ? [{ path: opening.path, sentence: opening.sentence, score: 0, ...(opening.table ? { table: opening.table } : {}) }] : [];
  }
  const best = Math.max(0, ...scored.map((quote) => quote.score));
  const ranked = scored.filter((quote) => quote.score >= best * KEEP_SHARE).sort((left, right) => right.score - left.score || left.order - right.order);
  const picked: Quote[] = [];
  for (const { path, sentence, score, table } of ranked) {
    if (picked.length >= 3) break;
    if (picked.filter((other) => other.path === path).length >= 2 || picked.some((other) => other.sentence === sentence)) continue;
    picked.push({ path, sentence, score, ...(table ? { table } : {}) });
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

/**
 * The quotes as the answer shows them: sentences as `- [[Title]]: "sentence"`, then the table
 * rows under their table's header, by note and table, so a row reads as the table it came from.
 */
export function quoteLines(quotes: readonly Quote[]): string {
  const parts: string[] = [];
  const sentences = quotes.filter((quote) => quote.table === undefined);
  if (sentences.length > 0) parts.push(sentences.map((quote) => `- ${wikilink(quote.path)}: "${quote.sentence}"`).join('\n'));
  const tables = new Map<string, { path: string; table: QuoteTable; rows: string[] }>();
  for (const { path, table, sentence } of quotes) {
    if (table === undefined) continue;
    const key = `${path}\n${table.header}`;
    const entry = tables.get(key) ?? { path, table, rows: [] };
    entry.rows.push(sentence);
    tables.set(key, entry);
  }
  for (const { path, table, rows } of tables.values()) parts.push(`From the table in ${wikilink(path)}:\n\n${[table.header, table.delimiter, ...rows].join('\n')}`);
  return parts.join('\n\n');
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

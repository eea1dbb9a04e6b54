import { foldText } from './fold-text';
import { detectLanguage } from './language/detect-language';
import type { Language } from './language/language-profiles';
import { stemmerLanguage, stemWith } from './language/stem-word';
import { nameKey } from './note-name';
import { isStopword } from './language/stopwords';
import { clusters, tokenize, type TokenKind } from './tokenize';

/** One exact form of a query word to look up (a stem, or the word as typed), with its weight. */
export interface QueryForm {
  readonly term: string;
  readonly weight: number;
}

/** One word of the query. */
export interface QueryTerm {
  /** The folded word as typed: what prefix matching and excerpts start from. */
  readonly term: string;
  /** The forms to look up exactly, best first (the stem in the query's language first). */
  readonly forms: readonly QueryForm[];
  /** Relative weight (salient terms weigh more). */
  readonly weight: number;
  /** Also match longer terms that start with {@link term}. */
  readonly prefix: boolean;
  /** The user asked for prefix matching with `word*`. */
  readonly forced?: boolean;
  /** Only adds to notes the other words found, and a note without it loses nothing (a bridge pair). */
  readonly optional?: boolean;
  /** May also match near spellings (edit distance 1-2) when its forms are rare or missing. */
  readonly typos?: boolean;
  /**
   * A word of an unspaced script that the index may not hold as a word: then these character
   * pairs stand in for it, each required, as the index holds every pair.
   */
  readonly pairs?: readonly string[];
}

/** A parsed query: terms to score, and folded phrases every result must contain. */
export interface ParsedQuery {
  readonly terms: readonly QueryTerm[];
  readonly phrases: readonly string[];
  /** The query's language, when its words or script tell. */
  readonly language?: Language;
  /** The whole query as a note's name would be typed (see `nameKey`); absent for an empty query. */
  readonly name?: string;
}

/** What the index tells the parser: the languages of its notes, most notes first. */
export interface QueryContext {
  readonly languages: readonly Language[];
}

/** Words shorter than this are matched exactly; longer ones also match as prefixes (`canva` → `canvas`). */
export const MIN_PREFIX_LENGTH = 3;
/** Words shorter than this are never matched by spelling: too many short words are one edit apart. */
export const MIN_TYPO_LENGTH = 4;
/** Weight of a stem in a language that is not the query's own (when the query's language is unclear). */
const OTHER_LANGUAGE_WEIGHT = 0.5;

interface Token {
  readonly term: string;
  readonly kind: TokenKind;
  readonly forced: boolean;
  /** Position among the tokens before stopwords were dropped, to tell which were neighbours. */
  readonly position: number;
}

/**
 * Parses a search query. `"quoted text"` is a phrase (its words are scored and the phrase must
 * appear in the result); `word*` forces prefix matching; other words of three or more letters
 * match as prefixes too, at a lower weight (see the index). Words are looked up by their stems
 * (in the query's language, or in the vault's languages when the query does not tell) and by
 * near spellings when rare. Stopwords and question words of the query's language are dropped
 * unless nothing else is left. Chinese, Japanese, Thai and Khmer are cut into words with
 * `Intl.Segmenter`; Korean becomes character pairs; a single character of an unspaced script
 * matches every pair that starts with it.
 */
export function parseQuery(query: string, salientTerms: readonly string[] = [], context: QueryContext = { languages: [] }): ParsedQuery {
  const phrases: string[] = [];
  const rest = query.replace(/"([^"]*)"/g, (_match, phrase: string) => {
    const folded = foldText(phrase).replace(/\s+/g, ' ').trim();
    if (folded.length > 0) phrases.push(folded);
    return ` ${phrase} `;
  });
  const language = detectLanguage(rest);
  const terms = new Map<string, QueryTerm>();
  const add = (term: QueryTerm): void => {
    const known = terms.get(term.term);
    terms.set(term.term, known ? { ...known, weight: Math.max(known.weight, term.weight), prefix: known.prefix || term.prefix, forced: (known.forced ?? false) || (term.forced ?? false), optional: (known.optional ?? false) && (term.optional ?? false) } : term);
  };
  const addText = (text: string, weight: number): void => {
    const tokens = contentTokens(text, language);
    tokens.forEach((token) => {
      if (token.kind === 'segment') return;
      if (token.kind === 'tail') {
        if (tokens.length === 1) add({ term: token.term, forms: [{ term: token.term, weight: 1 }], weight, prefix: true });
        return;
      }
      // The pair across two words of an unspaced script lifts the notes where the words stand
      // together as in the query (what a phrase does for spaced scripts), at half a word's weight,
      // and costs the others nothing.
      if (token.kind === 'bridge') {
        add({ term: token.term, forms: [{ term: token.term, weight: 1 }], weight: weight / 2, prefix: false, optional: true });
        return;
      }
      if (token.kind === 'gram') {
        add({ term: token.term, forms: [{ term: token.term, weight: 1 }], weight, prefix: false });
        return;
      }
      const prefix = token.forced || token.term.length >= MIN_PREFIX_LENGTH;
      const typos = token.term.length >= MIN_TYPO_LENGTH && !/\d/.test(token.term);
      add({ term: token.term, forms: wordForms(token.term, language, context), weight, prefix, forced: token.forced, typos });
    });
    for (const word of segmentedWords(tokens)) {
      const parts = clusters(word);
      if (parts.length === 1) add({ term: word, forms: [{ term: word, weight: 1 }], weight, prefix: true });
      else if (parts.length === 2) add({ term: word, forms: [{ term: word, weight: 1 }], weight, prefix: false });
      else add({ term: word, forms: [{ term: word, weight: 1 }], weight, prefix: false, pairs: parts.slice(1).map((part, index) => parts[index] + part) });
    }
  };
  addText(rest, 1);
  for (const salient of salientTerms) addText(salient, 1.5);
  const name = nameKey(rest);
  return { terms: [...terms.values()], phrases, ...(language ? { language } : {}), ...(name !== '' ? { name } : {}) };
}

/** The query's tokens without its stopwords and question words (all of them when nothing else is left). */
function contentTokens(text: string, language: Language | undefined): Token[] {
  const tokens: Token[] = [];
  // Bridges take no position of their own: the words on either side stay neighbours.
  let position = 0;
  for (const piece of text.split(/\s+/)) {
    if (piece.length === 0) continue;
    const forcedPrefix = piece.endsWith('*');
    const pieceTokens: { term: string; kind: TokenKind }[] = [];
    tokenize(foldText(piece), (term, kind) => pieceTokens.push({ term, kind }), { segmentWords: true });
    pieceTokens.forEach(({ term, kind }, index) => tokens.push({ term, kind, forced: forcedPrefix && index === pieceTokens.length - 1, position: kind === 'bridge' ? position : position++ }));
  }
  if (language === undefined) return tokens;
  const content = tokens.filter((token) => token.forced || !(token.kind === 'word' || token.kind === 'segment') || !isStopword(token.term, language));
  return content.some((token) => token.kind !== 'bridge') ? content : tokens;
}

/**
 * Words of unspaced scripts, with runs of single characters that were neighbours joined again:
 * the segmenter cuts a sequence it does not know (`图学`) into characters, which must still
 * stand next to each other in a note.
 */
function segmentedWords(tokens: readonly Token[]): string[] {
  const words: string[] = [];
  let run = '';
  let runOfSingles = false;
  let last = -2;
  for (const token of tokens) {
    if (token.kind !== 'segment') continue;
    const single = clusters(token.term).length === 1;
    if (single && runOfSingles && token.position === last + 1) run += token.term;
    else {
      if (run !== '') words.push(run);
      run = token.term;
      runOfSingles = single;
    }
    last = token.position;
  }
  if (run !== '') words.push(run);
  return words;
}

/**
 * The forms a word is looked up by: its stem in the query's language (or, when the query does
 * not tell, in each language of the vault, the most common first), and the word as typed.
 */
function wordForms(word: string, language: Language | undefined, context: QueryContext): QueryForm[] {
  const forms = new Map<string, number>();
  const put = (term: string, weight: number): void => {
    forms.set(term, Math.max(weight, forms.get(term) ?? 0));
  };
  const own = language === undefined ? undefined : stemmerLanguage(word, language);
  if (own !== undefined) {
    // The query's language stems this word: notes in that language hold only the stem.
    put(stemWith(word, own), 1);
    return [...forms].map(([term, weight]) => ({ term, weight }));
  }
  const candidates = [...context.languages.map((candidate) => stemmerLanguage(word, candidate)), stemmerLanguage(word, undefined)];
  candidates.forEach((candidate, index) => put(stemWith(word, candidate), index === 0 ? 1 : OTHER_LANGUAGE_WEIGHT));
  put(word, 1);
  return [...forms].map(([term, weight]) => ({ term, weight }));
}

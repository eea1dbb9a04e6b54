import { foldText } from '../search/fold-text';

/** One question and its answer, as a conversation search finds it. */
export interface ConversationTurn {
  /** Vault-relative path of the conversation note. */
  readonly note: string;
  readonly title: string;
  /** Epoch ms the question was asked; null when the note does not say. */
  readonly at: number | null;
  readonly question: string;
  readonly answer: string;
}

/** A turn and how well it matched. */
export interface ScoredTurn {
  readonly turn: ConversationTurn;
  readonly score: number;
}

// Words of letters and digits; in scripts written without spaces each character is a word of
// its own, and pairs of them are matched too (as the vault search does with its bigrams).
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * Ranks turns by the query's words in their question, answer and conversation title (BM25-like:
 * a rare word weighs more, a word in the question or title more than in the answer), best first;
 * turns that share no word with the query are left out. A query word of four letters or more also
 * matches words it begins ("refund" finds "refunds"), so plurals and simple endings match.
 */
export function searchConversationTurns(turns: readonly ConversationTurn[], query: string): ScoredTurn[] {
  const terms = [...new Set(wordsOf(query))];
  if (terms.length === 0) return [];
  const documents = turns.map((turn) => ({ turn, heading: new Set(wordsOf(`${turn.title} ${turn.question}`)), body: wordsOf(turn.answer) }));
  const matches = (words: Iterable<string>, term: string): number => {
    let count = 0;
    for (const word of words) if (word === term || (term.length >= 4 && word.startsWith(term))) count++;
    return count;
  };
  // How often each term stands in each turn, counted once; a term's rarity is how many turns hold it.
  const counts = documents.map((document) => terms.map((term) => ({ inHeading: matches(document.heading, term), inBody: matches(document.body, term) })));
  const holding = terms.map((_, index) => counts.filter((row) => (row[index]?.inHeading ?? 0) + (row[index]?.inBody ?? 0) > 0).length);
  const scored: ScoredTurn[] = [];
  documents.forEach((document, row) => {
    let score = 0;
    terms.forEach((_, index) => {
      const { inHeading, inBody } = counts[row]?.[index] ?? { inHeading: 0, inBody: 0 };
      if (inHeading + inBody === 0) return;
      const held = holding[index] ?? 0;
      const rarity = Math.log(1 + (documents.length - held + 0.5) / (held + 0.5));
      score += rarity * (2 * Math.min(inHeading, 1) + inBody / (inBody + 1.2));
    });
    if (score > 0) scored.push({ turn: document.turn, score });
  });
  return scored.sort((first, second) => second.score - first.score || (second.turn.at ?? 0) - (first.turn.at ?? 0));
}

function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const [word] of foldText(text).matchAll(WORD)) {
    if (!UNSPACED.test(word)) {
      words.push(word);
      continue;
    }
    const characters = [...word];
    words.push(...characters);
    for (let index = 0; index + 1 < characters.length; index++) words.push(`${characters[index]}${characters[index + 1]}`);
  }
  return words;
}

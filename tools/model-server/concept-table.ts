import { stem } from './question-terms';

/**
 * A small hand-made table of concepts: words that mean the same thing in the demo vault's
 * subjects, so the scripted model can show search by meaning ("What do I do if I am ill?" finds
 * "Sick leave: …", which shares no word with it). A stand-in for what a real embedding model
 * learns; it knows these few groups and nothing else.
 */
const CONCEPTS: readonly (readonly string[])[] = [
  ['sick', 'ill', 'illness', 'unwell', 'flu', 'fever', 'doctor'],
  ['parental', 'parent', 'baby', 'newborn', 'maternity', 'paternity', 'mum', 'mom', 'dad'],
  ['vacation', 'holiday', 'holidays'],
  ['refund', 'reimburse', 'reimbursement', 'repay'],
  ['remote', 'wfh', 'telework', 'telecommute'],
  ['sourdough', 'bread', 'loaf', 'loaves'],
  ['incident', 'outage', 'downtime'],
  ['salary', 'wage', 'wages', 'paycheck'],
];

/** Stem → the concept's position in {@link CONCEPTS}; built on first use (question-terms imports this file too). */
let conceptByStem: Map<string, number> | undefined;

/** How many concepts the table knows (the embeddings give each one a dimension of its own). */
export const CONCEPT_COUNT = CONCEPTS.length;

/** The concept a word belongs to (its position in the table), or undefined. */
export function conceptOf(word: string): number | undefined {
  conceptByStem ??= new Map(CONCEPTS.flatMap((words, position) => words.map((member) => [stem(member), position] as const)));
  return conceptByStem.get(stem(word));
}

/** The stems of every word of a word's concept (just its own stem when it has none). */
export function conceptStems(word: string): string[] {
  const position = conceptOf(word);
  return position === undefined ? [stem(word)] : CONCEPTS[position].map(stem);
}

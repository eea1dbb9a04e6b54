import type { IndexCore } from './index-core';
import type { ParsedQuery } from './parse-query';
import { typoBudget } from './typo-candidates';

/** Weight of a prefix expansion relative to the exact term. */
const PREFIX_WEIGHT = 0.4;
/** Most expansions of one prefix. */
const PREFIX_LIMIT = 24;
/** A word whose exact forms are in at most this many passages and notes also matches near spellings. */
const TYPO_RARE_FREQUENCY = 2;
/** Weight of a near spelling one or two edits away when the word itself is in the vault but rare… */
const TYPO_WEIGHTS_BESIDE_EXACT = [1, 0.5, 0.3];
/** …and when it is not in the vault at all (still below an exact match). */
const TYPO_WEIGHTS_INSTEAD = [1, 0.8, 0.6];
/** Most near spellings of one word. */
const TYPO_LIMIT = 6;
/** Most letters of a misspelt ending a stem may leave over (`rotaton` -> the stem `rotat` of rotation). */
const MISSPELT_ENDING = 3;
/** Fewest letters of a stem matched that way: shorter ones are the start of too many words. */
const MIN_STEM_LENGTH = 4;

/** One term id to score, with the weight of the query term it came from and that term's bit. */
export interface Expansion {
  readonly id: number;
  readonly weight: number;
  readonly bit: number;
  /** From an optional query term: adds to candidates, never makes them, never counts for coverage. */
  readonly optional?: boolean;
}

/**
 * The dictionary terms a query reads: each query word's forms, its prefix expansions and near
 * spellings, each tagged with the bit of the word it came from (one bit per word, so a note's
 * coverage of the query can be counted).
 */
export function expandQuery(core: IndexCore, query: ParsedQuery): Expansion[] {
  const byId = new Map<number, Expansion>();
  let optional = false;
  const put = (id: number, weight: number, bit: number): void => {
    const known = byId.get(id);
    const both = known === undefined ? optional : (known.optional ?? false) && optional;
    if (!known || known.weight < weight) byId.set(id, { id, weight, bit: (known?.bit ?? 0) | bit, ...(both ? { optional: true } : {}) });
    else byId.set(id, { id: known.id, weight: known.weight, bit: known.bit | bit, ...(both ? { optional: true } : {}) });
  };
  const frequency = (id: number): number => core.body.docFrequency(id) + core.fields.docFrequency(id);
  let bits = 0;
  const nextBit = (): number => 2 ** Math.min(bits++, 31);
  const lastWord = query.terms.reduce((last, term, index) => (term.weight === 1 ? index : last), -1);
  query.terms.forEach((term, index) => {
    optional = term.optional ?? false;
    const exact: [id: number, weight: number][] = [];
    for (const form of term.forms) {
      const id = core.dictionary.id(form.term);
      if (id !== undefined) exact.push([id, form.weight]);
    }
    if (term.pairs && exact.length === 0) {
      // An unspaced-script word the segmenter cut differently in the notes: its pairs, each required.
      for (const pair of term.pairs) {
        const bit = nextBit();
        const id = core.dictionary.id(pair);
        if (id !== undefined) put(id, term.weight, bit);
      }
      return;
    }
    const bit = nextBit();
    // Any form found in more than a few places (a Dutch word's Dutch stem, in a query too short
    // to tell its language) shows the word is spelt right. Only full-weight forms decide whether
    // near spellings stand in for it or beside it: a stem in another language is a weak match.
    let exactFrequency = 0;
    let anyFrequency = 0;
    for (const [id, weight] of exact) {
      put(id, term.weight * weight, bit);
      const used = frequency(id);
      anyFrequency += used;
      if (weight >= 1) exactFrequency += used;
    }
    // Expanding every word would multiply the postings read; the last word (still being typed),
    // a forced `word*`, and words the vault does not contain are the ones worth expanding.
    const expandThis = term.prefix && (term.forced || index === lastWord || exact.length === 0);
    if (expandThis) for (const id of core.dictionary.withPrefix(term.term, PREFIX_LIMIT)) put(id, term.weight * PREFIX_WEIGHT, bit);
    if (term.typos && anyFrequency <= TYPO_RARE_FREQUENCY) {
      // A word none of whose forms is in the vault is likely misspelled, and its stem is only
      // right in the language it was typed in: then every form is a starting point. A word that
      // is in the vault, if rarely, is looked for one edit away only (a typo a note or two
      // share): the two-edit scan of a long word is the costliest part of a query.
      const targets = exact.length === 0 ? [term.term, ...term.forms.map((form) => form.term)] : (term.forms[0]?.term ?? term.term);
      const weights = exactFrequency === 0 ? TYPO_WEIGHTS_INSTEAD : TYPO_WEIGHTS_BESIDE_EXACT;
      const budget = exact.length === 0 ? typoBudget(term.term.length) : Math.min(1, typoBudget(term.term.length));
      const near = core.typos.find(targets, budget, TYPO_LIMIT, frequency);
      for (const { id, distance } of near) put(id, term.weight * weights[distance], bit);
      // The index holds stems, and a stemmer does not recognise an ending that is misspelt
      // (`rotaton` stays `rotaton`, the notes hold `rotat`): a word that is nowhere and has no near
      // spelling may be a stem and a misspelt ending, scored as one edit away.
      const stem = near.length === 0 && exact.length === 0 ? stemBeforeEnding(core, term.term, frequency) : undefined;
      if (stem !== undefined) put(stem, term.weight * weights[1], bit);
    }
  });
  return [...byId.values()];
}

/**
 * The longest dictionary term that `word` starts with once one to {@link MISSPELT_ENDING} letters
 * are taken off its end, if the vault uses it. Only an exact start: with an edit more, short
 * stems matched the start of unrelated words (`protocol`, cut to `proto`, found `porto`).
 */
function stemBeforeEnding(core: IndexCore, word: string, frequency: (id: number) => number): number | undefined {
  for (let cut = 1; cut <= MISSPELT_ENDING && word.length - cut >= MIN_STEM_LENGTH; cut += 1) {
    const id = core.dictionary.id(word.slice(0, -cut));
    if (id !== undefined && frequency(id) > 0) return id;
  }
  return undefined;
}

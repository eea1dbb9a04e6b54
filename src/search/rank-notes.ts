import { DEAD_PASSAGE, FIELD_HEADING, FIELD_PATH, FIELD_TAG, FIELD_TITLE, type IndexCore } from './index-core';
import { expandQuery } from './expand-query';
import type { RankedNote } from './index-types';
import { noteFilter, type NoteFilters } from './note-filter';
import { isNamed } from './note-name';
import type { ParsedQuery } from './parse-query';
import { insertTop } from './top-notes';

/** BM25 parameters (the usual defaults). */
const K1 = 1.2;
const B = 0.75;
/** Field boosts, in units of the term's field idf. */
const BOOST_TITLE = 3;
const BOOST_HEADING = 1.2;
const BOOST_TAG = 2;
const BOOST_PATH = 2.5;
/** Other matching passages of a note add this share of their score to the best one. */
const OTHER_PASSAGES_SHARE = 0.1;
/** Words in more than this share of passages only add to candidates found by rarer words. */
const COMMON_TERM_SHARE = 0.05;
/** …and in more than this many passages or notes, so small vaults are searched exhaustively. */
const COMMON_TERM_FLOOR = 200;

/** Boost of every field-mask value, precomputed (and free of imported bindings in the loop). */
const FIELD_BOOSTS = Float64Array.from({ length: 16 }, (_unused, mask) =>
  (mask & FIELD_TITLE ? BOOST_TITLE : 0) + (mask & FIELD_HEADING ? BOOST_HEADING : 0) + (mask & FIELD_TAG ? BOOST_TAG : 0) + (mask & FIELD_PATH ? BOOST_PATH : 0),
);

function idf(total: number, frequency: number): number {
  return Math.log(1 + (total - frequency + 0.5) / (frequency + 0.5));
}

/** Reusable score buffers, so a query allocates nothing proportional to the vault. */
class Scratch {
  passageScores = new Float64Array(0);
  passageBits = new Uint32Array(0);
  noteScores = new Float64Array(0);
  noteBest = new Float64Array(0);
  noteBestPassage = new Int32Array(0);
  noteOther = new Float64Array(0);
  noteTerms = new Uint32Array(0);

  ensure(passages: number, notes: number): void {
    if (this.passageScores.length < passages) {
      this.passageScores = new Float64Array(Math.ceil(passages * 1.5) + 64);
      this.passageBits = new Uint32Array(Math.ceil(passages * 1.5) + 64);
    }
    if (this.noteScores.length < notes) {
      const size = Math.ceil(notes * 1.5) + 64;
      this.noteScores = new Float64Array(size);
      this.noteBest = new Float64Array(size);
      this.noteBestPassage = new Int32Array(size);
      this.noteOther = new Float64Array(size);
      this.noteTerms = new Uint32Array(size);
    }
  }
}

const scratch = new Scratch();

/** What {@link rankNotes} returns and which notes it may return. */
export interface RankOptions extends NoteFilters {
  readonly limit: number;
}

/**
 * Ranks notes for a parsed query: BM25 over passages (best passage plus a small share of the
 * others), plus boosted matches in title/aliases, headings, tags and folders, times the
 * idf-weighted share of query words the note matched (so notes matching the rare words of the
 * query come first, and a stopword more or less barely matters).
 *
 * Cost control: words are visited rarest first, and once a rare word has produced candidates,
 * common words (in more than {@link COMMON_TERM_SHARE} of passages) only add to passages that
 * are already candidates; they never widen the set. That keeps a question full of stopwords
 * about as cheap as its two meaningful words.
 */
export function rankNotes(core: IndexCore, query: ParsedQuery, options: RankOptions): RankedNote[] {
  const accepts = noteFilter(options);
  const passageCount = core.passages.note.length;
  const noteCount = core.notes.length;
  scratch.ensure(passageCount, noteCount);
  const { passageScores, passageBits, noteScores, noteBest, noteBestPassage, noteOther, noteTerms } = scratch;
  // Module-level imports compile to getters under CommonJS; a local copy keeps them out of the loops.
  const dead = DEAD_PASSAGE;
  const passageNote = core.passages.note.array;
  const passageLength = core.passages.length.array;
  const notes = core.notes;
  const total = Math.max(1, core.livePassages);
  const liveNotes = Math.max(1, core.liveNotes);
  const averageLength = core.liveTokens / total || 1;
  const expanded = expandQuery(core, query).map((expansion) => ({ ...expansion, frequency: core.body.docFrequency(expansion.id) }));
  // How common each query word is: the frequency of its own form (its strongest expansion), so
  // that a rare foreign stem or near spelling of a common word does not pass for a rare word.
  const words = new Map<number, { weight: number; frequency: number }>();
  for (const { bit, weight, frequency } of expanded) {
    const known = words.get(bit);
    if (!known || weight > known.weight || (weight === known.weight && frequency > known.frequency)) words.set(bit, { weight, frequency });
  }
  const expansions = expanded
    .map((expansion) => ({ ...expansion, wordFrequency: words.get(expansion.bit)!.frequency }))
    // Rarest words first; optional terms last, as they only add to the candidates the words found.
    .sort((a, b) => Number(a.optional ?? false) - Number(b.optional ?? false) || a.wordFrequency - b.wordFrequency || a.frequency - b.frequency);
  const commonLimit = Math.max(COMMON_TERM_FLOOR, total * COMMON_TERM_SHARE);
  const commonNoteLimit = Math.max(COMMON_TERM_FLOOR, liveNotes * COMMON_TERM_SHARE);
  // Query words (bits) that have produced candidates; a common word is restricted only when
  // another word did, so `the` alone (or with its own prefix expansions) still finds notes.
  let candidateBits = 0;
  // Weight of each query word (by bit) for the coverage factor: its best idf.
  const bitWeights = new Map<number, number>();
  for (const expansion of expansions) {
    if (expansion.optional) continue;
    const weight = expansion.weight * idf(total, expansion.frequency);
    bitWeights.set(expansion.bit, Math.max(bitWeights.get(expansion.bit) ?? 0, weight));
  }
  let totalWeight = 0;
  for (const weight of bitWeights.values()) totalWeight += weight;
  const touchedPassages: number[] = [];
  const lengthFactor = (K1 * B) / averageLength;
  const baseNorm = K1 * (1 - B);
  for (const { id, weight, bit, frequency, wordFrequency, optional } of expansions) {
    if (frequency === 0) continue;
    const widen = !optional && ((candidateBits & ~bit) === 0 || wordFrequency <= commonLimit);
    if (widen) candidateBits |= bit;
    const scale = weight * idf(total, frequency) * (K1 + 1);
    const add = (passage: number, tf: number): void => {
      if (passageNote[passage] === dead) return;
      if (passageBits[passage] === 0) {
        if (!widen) return;
        touchedPassages.push(passage);
      }
      passageScores[passage] += (scale * tf) / (tf + baseNorm + lengthFactor * passageLength[passage]);
      passageBits[passage] |= bit;
    };
    const { termStart, docs, values } = core.body.current;
    const begin = id + 1 < termStart.length ? termStart[id] : 0;
    const end = id + 1 < termStart.length ? termStart[id + 1] : 0;
    if (!widen && touchedPassages.length * 16 < end - begin) {
      // Few candidates, long postings: look each candidate up (postings are sorted by passage).
      for (const passage of touchedPassages) {
        const at = lowerBound(docs, begin, end, passage);
        if (at < end && docs[at] === passage) add(passage, values[at]);
      }
    } else {
      // The same as `add`, written out: this loop is where a query spends its time.
      for (let at = begin; at < end; at += 1) {
        const passage = docs[at];
        if (passageNote[passage] === dead) continue;
        if (passageBits[passage] === 0) {
          if (!widen) continue;
          touchedPassages.push(passage);
        }
        const tf = values[at];
        passageScores[passage] += (scale * tf) / (tf + baseNorm + lengthFactor * passageLength[passage]);
        passageBits[passage] |= bit;
      }
    }
    core.body.forEachLive(id, add);
  }
  const touchedNotes: number[] = [];
  for (const passage of touchedPassages) {
    const noteId = passageNote[passage];
    const score = passageScores[passage];
    if (noteTerms[noteId] === 0) touchedNotes.push(noteId);
    noteTerms[noteId] |= passageBits[passage];
    passageScores[passage] = 0;
    passageBits[passage] = 0;
    if (score > noteBest[noteId]) {
      noteOther[noteId] += noteBest[noteId];
      noteBest[noteId] = score;
      noteBestPassage[noteId] = passage;
    } else {
      noteOther[noteId] += score;
    }
  }
  for (const { id, weight, bit, wordFrequency, optional } of expansions) {
    const frequency = core.fields.docFrequency(id);
    if (frequency === 0) continue;
    const widen = !optional && ((candidateBits & ~bit) === 0 || (frequency <= commonNoteLimit && wordFrequency <= commonLimit));
    if (widen) candidateBits |= bit;
    const termWeight = weight * idf(liveNotes, frequency);
    core.fields.forEach(id, (noteId, mask) => {
      if (!notes[noteId].alive) return;
      if (noteTerms[noteId] === 0) {
        if (!widen) return;
        touchedNotes.push(noteId);
      }
      noteScores[noteId] += termWeight * FIELD_BOOSTS[mask & 15];
      noteTerms[noteId] |= bit;
    });
  }
  const top: RankedNote[] = [];
  // Notes the whole query names (title or alias) come first: the user typed the note's name.
  const named: RankedNote[] = [];
  for (const noteId of touchedNotes) {
    const note = notes[noteId];
    let matchedWeight = 0;
    for (const [bit, bitWeight] of bitWeights) if (noteTerms[noteId] & bit) matchedWeight += bitWeight;
    const coverage = totalWeight > 0 ? matchedWeight / totalWeight : 1;
    const score = (noteBest[noteId] + OTHER_PASSAGES_SHARE * noteOther[noteId] + noteScores[noteId]) * coverage * coverage;
    const passage = noteBest[noteId] > 0 ? noteBestPassage[noteId] : -1;
    noteScores[noteId] = 0;
    noteBest[noteId] = 0;
    noteOther[noteId] = 0;
    noteTerms[noteId] = 0;
    if (!accepts(note)) continue;
    // A note named by the query holds every query word in its title or an alias, so only notes
    // that match them all are worth folding their names for.
    const isQueryName = query.name !== undefined && matchedWeight >= totalWeight && isNamed(note, query.name);
    insertTop(isQueryName ? named : top, { note, score, passage }, options.limit);
  }
  return named.length === 0 ? top : [...named, ...top].slice(0, options.limit);
}

/** First index in `docs[begin, end)` whose value is ≥ `target`. */
function lowerBound(docs: Uint32Array, begin: number, end: number, target: number): number {
  let low = begin;
  let high = end;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (docs[middle] < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

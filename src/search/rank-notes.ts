import { DEAD_PASSAGE, FIELD_HEADING, FIELD_PATH, FIELD_TAG, FIELD_TITLE, type IndexCore } from './index-core';
import type { RankedNote, TimeRange } from './index-types';
import type { ParsedQuery } from './parse-query';

/** BM25 parameters (the usual defaults). */
const K1 = 1.2;
const B = 0.75;
/** Weight of a prefix expansion relative to the exact term. */
const PREFIX_WEIGHT = 0.4;
/** Most expansions of one prefix. */
const PREFIX_LIMIT = 24;
/** Field boosts, in units of the term's field idf. */
const BOOST_TITLE = 3;
const BOOST_HEADING = 1.2;
const BOOST_TAG = 2;
const BOOST_PATH = 2.5;
/** Other matching passages of a note add this share of their score to the best one. */
const OTHER_PASSAGES_SHARE = 0.1;
/** Terms in more than this share of passages are skipped when a rarer term can find candidates. */
const COMMON_TERM_SHARE = 0.3;

function fieldBoost(mask: number): number {
  return (
    (mask & FIELD_TITLE ? BOOST_TITLE : 0) + (mask & FIELD_HEADING ? BOOST_HEADING : 0) + (mask & FIELD_TAG ? BOOST_TAG : 0) + (mask & FIELD_PATH ? BOOST_PATH : 0)
  );
}

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

/** One term id to score, with the weight of the query term it came from and that term's bit. */
interface Expansion {
  readonly id: number;
  readonly weight: number;
  readonly bit: number;
}

function expand(core: IndexCore, query: ParsedQuery): Expansion[] {
  const byId = new Map<number, Expansion>();
  const put = (id: number, weight: number, bit: number): void => {
    const known = byId.get(id);
    if (!known || known.weight < weight) byId.set(id, { id, weight, bit: (known?.bit ?? 0) | bit });
    else byId.set(id, { ...known, bit: known.bit | bit });
  };
  const lastWord = query.terms.reduce((last, term, index) => (term.weight === 1 ? index : last), -1);
  query.terms.forEach((term, index) => {
    const bit = 2 ** Math.min(index, 31);
    const exact = core.dictionary.id(term.term);
    if (exact !== undefined) put(exact, term.weight, bit);
    // Expanding every word would multiply the postings read; the last word (still being typed),
    // a forced `word*`, and words the vault does not contain are the ones worth expanding.
    const expandThis = term.prefix && (term.forced || index === lastWord || exact === undefined);
    if (expandThis) for (const id of core.dictionary.withPrefix(term.term, PREFIX_LIMIT)) put(id, term.weight * PREFIX_WEIGHT, bit);
  });
  return [...byId.values()];
}

function inRange(mtime: number, range: TimeRange | undefined): boolean {
  return range === undefined || ((range.start === undefined || mtime >= range.start) && (range.end === undefined || mtime <= range.end));
}

function bitCount(value: number): number {
  let count = 0;
  for (let rest = value; rest !== 0; rest &= rest - 1) count += 1;
  return count;
}

/**
 * Ranks notes for a parsed query: BM25 over passages (best passage plus a small share of the
 * others), plus boosted matches in title/aliases, headings, tags and folders, times the share of
 * query terms the note matched (so notes matching every word come first). Synchronous and
 * allocation-light: the cost is one pass over the postings of the query's terms.
 */
export function rankNotes(core: IndexCore, query: ParsedQuery, options: { limit: number; timeRange?: TimeRange }): RankedNote[] {
  const passageCount = core.passages.note.length;
  const noteCount = core.notes.length;
  scratch.ensure(passageCount, noteCount);
  const { passageScores, passageBits, noteScores, noteBest, noteBestPassage, noteOther, noteTerms } = scratch;
  const passageNote = core.passages.note.array;
  const passageLength = core.passages.length.array;
  const notes = core.notes;
  const total = Math.max(1, core.livePassages);
  const averageLength = core.liveTokens / total || 1;
  const expansions = expand(core, query);
  // A very common word (in a large share of passages) is skipped when another word of the
  // query is rare enough to find the candidates: its BM25 weight is small and its postings long.
  const rareBits = expansions.reduce((bits, expansion) => (core.body.docFrequency(expansion.id) <= core.livePassages * COMMON_TERM_SHARE ? bits | expansion.bit : bits), 0);
  const touchedPassages: number[] = [];
  const touchedNotes: number[] = [];
  const touchNote = (noteId: number): void => {
    if (noteTerms[noteId] === 0 && noteScores[noteId] === 0 && noteBest[noteId] === 0) touchedNotes.push(noteId);
  };
  for (const { id, weight, bit } of expansions) {
    const frequency = core.body.docFrequency(id);
    if (frequency === 0 || (frequency > total * COMMON_TERM_SHARE && (rareBits & ~bit) !== 0)) continue;
    const termWeight = weight * idf(total, frequency);
    // The hot loop: kept free of note lookups; notes are folded in once per touched passage below.
    const lengthFactor = (K1 * B) / averageLength;
    const baseNorm = K1 * (1 - B);
    const scale = termWeight * (K1 + 1);
    const visit = (passage: number, tf: number): void => {
      if (passageNote[passage] === DEAD_PASSAGE) return;
      if (passageBits[passage] === 0) touchedPassages.push(passage);
      passageScores[passage] += (scale * tf) / (tf + baseNorm + lengthFactor * passageLength[passage]);
      passageBits[passage] |= bit;
    };
    const { termStart, docs, values } = core.body.current;
    if (id + 1 < termStart.length) {
      const end = termStart[id + 1];
      for (let at = termStart[id]; at < end; at += 1) {
        const passage = docs[at];
        if (passageNote[passage] === DEAD_PASSAGE) continue;
        const tf = values[at];
        if (passageBits[passage] === 0) touchedPassages.push(passage);
        passageScores[passage] += (scale * tf) / (tf + baseNorm + lengthFactor * passageLength[passage]);
        passageBits[passage] |= bit;
      }
    }
    core.body.forEachLive(id, visit);
  }
  const liveNotes = Math.max(1, core.liveNotes);
  for (const { id, weight, bit } of expansions) {
    const frequency = core.fields.docFrequency(id);
    if (frequency === 0) continue;
    const termWeight = weight * idf(liveNotes, frequency);
    core.fields.forEach(id, (noteId, mask) => {
      if (!notes[noteId].alive) return;
      touchNote(noteId);
      noteScores[noteId] += termWeight * fieldBoost(mask);
      noteTerms[noteId] |= bit;
    });
  }
  for (const passage of touchedPassages) {
    const noteId = passageNote[passage];
    const score = passageScores[passage];
    passageScores[passage] = 0;
    touchNote(noteId);
    noteTerms[noteId] |= passageBits[passage];
    passageBits[passage] = 0;
    if (score > noteBest[noteId]) {
      noteOther[noteId] += noteBest[noteId];
      noteBest[noteId] = score;
      noteBestPassage[noteId] = passage;
    } else {
      noteOther[noteId] += score;
    }
  }
  const queryTerms = Math.max(1, Math.min(query.terms.length, 32));
  const top: RankedNote[] = [];
  for (const noteId of touchedNotes) {
    const note = notes[noteId];
    const coverage = bitCount(noteTerms[noteId]) / queryTerms;
    const score = (noteBest[noteId] + OTHER_PASSAGES_SHARE * noteOther[noteId] + noteScores[noteId]) * coverage;
    const passage = noteBest[noteId] > 0 ? noteBestPassage[noteId] : -1;
    noteScores[noteId] = 0;
    noteBest[noteId] = 0;
    noteOther[noteId] = 0;
    noteTerms[noteId] = 0;
    if (!inRange(note.mtime, options.timeRange)) continue;
    insertTop(top, { note, score, passage }, options.limit);
  }
  return top;
}

/** Keeps `top` sorted best first with at most `limit` entries (ties: shorter path first). */
function insertTop(top: RankedNote[], candidate: RankedNote, limit: number): void {
  if (top.length >= limit && !better(candidate, top[top.length - 1])) return;
  let index = top.length;
  while (index > 0 && better(candidate, top[index - 1])) index -= 1;
  top.splice(index, 0, candidate);
  if (top.length > limit) top.pop();
}

function better(a: RankedNote, b: RankedNote): boolean {
  return a.score > b.score || (a.score === b.score && a.note.path < b.note.path);
}

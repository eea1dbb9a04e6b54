import { ownString } from './own-string';
import { foldText } from './fold-text';
import { GrowableUint32 } from './growable';
import type { IndexedNote } from './index-types';
import { detectLanguage, parseLanguageTag } from './language/detect-language';
import type { Language } from './language/language-profiles';
import { stemWord } from './language/stem-word';
import { parseNote } from './parse-note';
import { PostingStore } from './posting-store';
import type { TimeSlicer } from './scheduler';
import { TermDictionary } from './term-dictionary';
import { tokenize, type TokenKind } from './tokenize';
import { TypoIndex } from './typo-candidates';
import type { VaultNoteInfo, VaultNoteMetadata } from './vault-source';

/** Bits of a note-field posting: which fields of the note hold the term. */
export const FIELD_TITLE = 1;
export const FIELD_HEADING = 2;
export const FIELD_TAG = 4;
export const FIELD_PATH = 8;

/** A note record; `firstPassage`/`passageCount` locate its passages. */
export interface NoteRecord extends IndexedNote {
  readonly language?: Language;
  readonly firstPassage: number;
  readonly passageCount: number;
  alive: boolean;
}

/** Passage columns, one entry per passage id. */
export interface PassageColumns {
  readonly note: GrowableUint32;
  readonly start: GrowableUint32;
  readonly end: GrowableUint32;
  /** Tokens in the passage (BM25 length). */
  readonly length: GrowableUint32;
  /** Index into the note's `headings`, or 0xffffffff before the first heading. */
  readonly heading: GrowableUint32;
}

export const NO_HEADING = 0xffffffff;
/** `passages.note` of a deleted note's passages, so ranking skips them without a lookup. */
export const DEAD_PASSAGE = 0xffffffff;
/** Words remembered per language with their stem's term id; cleared when it grows past this. */
const STEM_CACHE_LIMIT = 200_000;

/** The file name of a path without folders and without `.md`. */
export function noteTitle(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name.toLowerCase().endsWith('.md') ? name.slice(0, -3) : name;
}

/**
 * The index's data: term dictionary, passage postings (BM25 body), note-field postings
 * (title, headings, tags, path as bit masks), notes and passage columns. Adds and removes
 * notes synchronously; all scheduling lives in `VaultIndex`.
 */
export class IndexCore {
  dictionary = new TermDictionary();
  body = new PostingStore();
  fields = new PostingStore();
  notes: NoteRecord[] = [];
  readonly byPath = new Map<string, number>();
  passages: PassageColumns = emptyColumns();
  /** Totals over live passages, for BM25's average length. */
  livePassages = 0;
  liveTokens = 0;
  liveNotes = 0;
  /** Live notes per language ('' for unclear), so queries know which stemmers matter. */
  readonly languageCounts = new Map<Language | '', number>();
  /** Per note language: folded word → term id of its stem (stemming is the costly part of indexing). */
  private readonly stemIds = new Map<Language | '', Map<string, number>>();
  private typoIndex: TypoIndex | undefined;
  /** Scratch term-frequency counters by term id, zeroed after each passage. */
  private termCounts = new Uint32Array(1 << 16);

  private growCounts(id: number): Uint32Array {
    const next = new Uint32Array(Math.max(id + 1, this.termCounts.length * 2));
    next.set(this.termCounts);
    this.termCounts = next;
    return next;
  }

  /** Near-spelling lookup over the dictionary, built on first use. */
  get typos(): TypoIndex {
    if (this.typoIndex === undefined) this.typoIndex = new TypoIndex(this.dictionary);
    return this.typoIndex;
  }

  /** The term id of a token in a note of `language`: words are stemmed, pairs of unspaced scripts are not. */
  termId(term: string, kind: TokenKind, language: Language | undefined, cache = this.stemCache(language)): number {
    if (kind !== 'word') return this.dictionary.add(term);
    let id = cache.get(term);
    if (id === undefined) {
      id = this.dictionary.add(stemWord(term, language));
      if (cache.size >= STEM_CACHE_LIMIT) cache.clear();
      // Copy long keys: a long substring keeps the whole passage it was cut from alive.
      cache.set(ownString(term), id);
    }
    return id;
  }

  /** The word → stem id cache of a language (one per note, looked up once per note). */
  stemCache(language: Language | undefined): Map<string, number> {
    const key = language ?? '';
    let cache = this.stemIds.get(key);
    if (!cache) this.stemIds.set(key, (cache = new Map<string, number>()));
    return cache;
  }

  /** Indexes one note's text; `bulk` postings become visible at the next compaction. */
  addNote(info: VaultNoteInfo, text: string, bulk: boolean, metadata?: VaultNoteMetadata): void {
    this.removeNote(info.path);
    const parsed = parseNote(text);
    const bodyStart = parsed.passages[0]?.start ?? 0;
    const language = parseLanguageTag(metadata?.frontmatter?.lang) ?? parseLanguageTag(parsed.frontmatterLanguage) ?? detectLanguage(text.slice(bodyStart, bodyStart + 1500));
    const stems = this.stemCache(language);
    const noteId = this.notes.length;
    const firstPassage = this.passages.note.length;
    const headingIndex = new Map<string, number>();
    parsed.headings.forEach((heading, index) => {
      if (!headingIndex.has(heading)) headingIndex.set(heading, index);
    });
    const append = bulk ? this.body.appendBulk.bind(this.body) : this.body.appendLive.bind(this.body);
    const touched: number[] = [];
    let counts: Uint32Array = this.termCounts;
    let passageCount = 0;
    for (const passage of parsed.passages) {
      let length = 0;
      tokenize(foldText(text.slice(passage.start, passage.end)), (term, kind) => {
        const id = this.termId(term, kind, language, stems);
        if (id >= counts.length) counts = this.growCounts(id);
        if (counts[id] === 0) touched.push(id);
        counts[id] += 1;
        length += 1;
      });
      if (length === 0) continue;
      const passageId = firstPassage + passageCount;
      passageCount += 1;
      for (const id of touched) {
        append(id, passageId, Math.min(counts[id], 0xffff));
        counts[id] = 0;
      }
      touched.length = 0;
      this.passages.note.push(noteId);
      this.passages.start.push(passage.start);
      this.passages.end.push(passage.end);
      this.passages.length.push(length);
      this.passages.heading.push(passage.heading === '' ? NO_HEADING : (headingIndex.get(passage.heading) ?? NO_HEADING));
      this.liveTokens += length;
    }
    const title = noteTitle(info.path);
    const aliases = parsed.frontmatterTitle ? [parsed.frontmatterTitle, ...parsed.aliases] : parsed.aliases;
    // The host's own parse (Obsidian's metadata cache) wins where it knows more than ours.
    const tags = metadata?.tags ? union(parsed.tags, metadata.tags) : parsed.tags;
    const links = metadata?.links ? union(parsed.links, metadata.links) : parsed.links;
    this.notes.push({ path: info.path, title, mtime: info.mtime, size: info.size, aliases, tags, headings: parsed.headings, links, ...(language ? { language } : {}), firstPassage, passageCount, alive: true });
    this.byPath.set(info.path, noteId);
    this.livePassages += passageCount;
    this.liveNotes += 1;
    this.countLanguage(language, 1);
    this.indexFields(noteId, bulk);
  }

  /** Indexes title, aliases, headings, tags and folders of a note as field bit masks. */
  indexFields(noteId: number, bulk: boolean): void {
    const note = this.notes[noteId];
    const ids = new Map<number, number>();
    const mark = (text: string, field: number): void =>
      tokenize(foldText(text), (term, kind) => {
        const id = this.termId(term, kind, note.language);
        ids.set(id, (ids.get(id) ?? 0) | field);
      });
    mark(note.title, FIELD_TITLE);
    for (const alias of note.aliases) mark(alias, FIELD_TITLE);
    for (const heading of note.headings) mark(heading, FIELD_HEADING);
    for (const tag of note.tags) mark(tag.replace(/[/_-]/g, ' '), FIELD_TAG);
    const folder = note.path.lastIndexOf('/');
    if (folder > 0) mark(note.path.slice(0, folder).replace(/[/_-]/g, ' '), FIELD_PATH);
    for (const [id, mask] of ids) {
      if (bulk) this.fields.appendBulk(id, noteId, mask);
      else this.fields.appendLive(id, noteId, mask);
    }
  }

  /** Marks a note and its passages dead; returns whether it was there. */
  removeNote(path: string): boolean {
    const noteId = this.byPath.get(path);
    if (noteId === undefined) return false;
    const note = this.notes[noteId];
    note.alive = false;
    this.byPath.delete(path);
    for (let passage = note.firstPassage; passage < note.firstPassage + note.passageCount; passage += 1) {
      this.liveTokens -= this.passages.length.array[passage];
      this.passages.note.array[passage] = DEAD_PASSAGE;
    }
    this.livePassages -= note.passageCount;
    this.liveNotes -= 1;
    this.countLanguage(note.language, -1);
    return true;
  }

  countLanguage(language: Language | undefined, delta: number): void {
    const key = language ?? '';
    this.languageCounts.set(key, (this.languageCounts.get(key) ?? 0) + delta);
  }

  /** Languages of the live notes, most notes first (unclear ones left out). */
  languages(): Language[] {
    return [...this.languageCounts].filter(([language, count]) => language !== '' && count > 0).sort((a, b) => b[1] - a[1]).map(([language]) => language as Language);
  }

  /** Dead notes and passages since the last compaction. */
  get deadNotes(): number {
    return this.notes.length - this.liveNotes;
  }

  /**
   * Rewrites postings into compact segments and renumbers notes and passages without the dead
   * ones. Time-sliced. After a bulk build this also makes the bulk postings visible.
   */
  async compact(slicer: TimeSlicer): Promise<void> {
    if (this.deadNotes === 0 && !this.body.hasPending && !this.fields.hasPending) return;
    const noteRemap = new Int32Array(this.notes.length).fill(-1);
    const passageRemap = new Int32Array(this.passages.note.length).fill(-1);
    const notes: NoteRecord[] = [];
    const columns = emptyColumns(this.livePassages);
    for (let noteId = 0; noteId < this.notes.length; noteId += 1) {
      const note = this.notes[noteId];
      if (!note.alive) continue;
      noteRemap[noteId] = notes.length;
      const firstPassage = columns.note.length;
      for (let passage = note.firstPassage; passage < note.firstPassage + note.passageCount; passage += 1) {
        passageRemap[passage] = columns.note.length;
        columns.note.push(notes.length);
        columns.start.push(this.passages.start.array[passage]);
        columns.end.push(this.passages.end.array[passage]);
        columns.length.push(this.passages.length.array[passage]);
        columns.heading.push(this.passages.heading.array[passage]);
      }
      // Field by field, not a spread: loaded records keep their lists behind getters.
      notes.push({ path: note.path, title: note.title, mtime: note.mtime, size: note.size, aliases: note.aliases, tags: note.tags, headings: note.headings, links: note.links, ...(note.language ? { language: note.language } : {}), firstPassage, passageCount: note.passageCount, alive: true });
      if ((noteId & 1023) === 0) await slicer.checkpoint();
    }
    const noDeadNotes = this.deadNotes === 0;
    const installBody = await this.body.compact(this.dictionary.size, noDeadNotes ? undefined : passageRemap, slicer);
    const installFields = await this.fields.compact(this.dictionary.size, noDeadNotes ? undefined : noteRemap, slicer);
    installBody();
    installFields();
    this.notes = notes;
    this.passages = columns;
    this.byPath.clear();
    notes.forEach((note, noteId) => this.byPath.set(note.path, noteId));
  }
}

/** `first` plus the items of `second` it lacks, compared case-insensitively, without a leading `#`. */
function union(first: readonly string[], second: readonly string[]): readonly string[] {
  const seen = new Set(first.map((item) => item.toLowerCase()));
  const extra = second.map((item) => item.replace(/^#/, '')).filter((item) => item !== '' && !seen.has(item.toLowerCase()));
  return extra.length === 0 ? first : [...first, ...new Set(extra)];
}

/** Empty passage columns with room for `capacity` passages. */
export function emptyColumns(capacity = 1024): PassageColumns {
  return {
    note: new GrowableUint32(capacity),
    start: new GrowableUint32(capacity),
    end: new GrowableUint32(capacity),
    length: new GrowableUint32(capacity),
    heading: new GrowableUint32(capacity),
  };
}

import { decodeIndex, encodeIndex } from './index-codec';
import { IndexCore } from './index-core';
import type { IndexBuildOptions, IndexBuildStats, IndexedNote, RankedNote, SearchOptions, SearchResult, VaultIndexOptions } from './index-types';
import { LinkGraph } from './link-graph';
import { cutResult } from './cut-result';
import { parseQuery, type ParsedQuery } from './parse-query';
import { noteFilter, type NoteFilters } from './note-filter';
import { notesWithTag, tagCounts } from './note-tags';
import { type NoteScope, scopeFilter } from './note-filter';
import { rankNotes } from './rank-notes';
import { resolveLinkOrAlias } from './resolve-link';
import { defaultYieldToHost, throwIfAborted, TimeSlicer, type YieldToHost } from './scheduler';
import { readOrUndefined, syncNotes } from './sync-notes';
import type { VaultChange, VaultNoteInfo, VaultSource } from './vault-source';
/** Compact once this many postings wait in the live maps, or a quarter of the notes are dead. */
const LIVE_POSTINGS_LIMIT = 200_000;

/**
 * Full-text index of a vault (DESIGN.md 7): BM25 over heading-based passages with title,
 * heading, tag and path boosts, phrase and prefix matching, a modified-time filter, and the
 * tag and link lookups the agent's tools need.
 *
 * Work is time-sliced (no stretch longer than `sliceMs` without yielding) and serialised: a
 * build, a refresh, a change and a compaction never interleave. Persist with
 * {@link serialize}; {@link VaultIndex.load} plus {@link refresh} re-reads only notes whose
 * modification time or size changed.
 */
export class VaultIndex {
  private core = new IndexCore();
  private readonly links = new LinkGraph(() => this.core.notes);
  private queue: Promise<unknown> = Promise.resolve();
  private readonly yieldToHost: YieldToHost;
  private readonly sliceMs: number;
  private built = false;
  /** The longest synchronous stretch of any build, refresh or compaction so far, ms. */
  longestSliceMs = 0;

  constructor(
    readonly source: VaultSource,
    options: VaultIndexOptions = {},
  ) {
    this.yieldToHost = options.yieldToHost ?? defaultYieldToHost();
    this.sliceMs = options.sliceMs ?? 12;
  }

  /** Builds an index over `source` and waits until it is ready. */
  static async build(source: VaultSource, options: VaultIndexOptions & IndexBuildOptions = {}): Promise<VaultIndex> {
    const index = new VaultIndex(source, options);
    await index.refresh(options);
    return index;
  }

  /**
   * Restores an index from {@link serialize}'s output. Returns null when the data is not a
   * readable index of this version (the caller then builds from scratch). Call {@link refresh}
   * afterwards to catch up with changes made while the index was not running.
   */
  static load(data: ArrayBuffer | Uint8Array, source: VaultSource, options: VaultIndexOptions = {}): VaultIndex | null {
    const core = decodeIndex(data instanceof Uint8Array ? data : new Uint8Array(data));
    if (!core) return null;
    const index = new VaultIndex(source, options);
    index.core = core;
    index.built = true;
    return index;
  }

  /** True once the first build or load finished; searches before that find nothing. */
  get ready(): boolean {
    return this.built;
  }

  /** Number of notes indexed. */
  get size(): number {
    return this.core.liveNotes;
  }

  /**
   * Brings the index in line with the vault: indexes new notes, re-reads notes whose mtime or
   * size changed, drops deleted ones. The first call is the full build.
   */
  refresh(options: IndexBuildOptions = {}): Promise<IndexBuildStats> {
    return this.enqueue(() => this.runRefresh(options));
  }

  /** Applies one vault change (create, modify, delete, rename). */
  applyChange(change: VaultChange): Promise<void> {
    return this.enqueue(async () => {
      switch (change.type) {
        case 'create':
        case 'modify':
          await this.reindex(change.note);
          break;
        case 'delete':
          this.core.removeNote(change.path);
          break;
        case 'rename':
          this.core.removeNote(change.oldPath);
          await this.reindex(change.note);
          break;
        default: {
          const unknown: never = change;
          throw new Error(`Unknown vault change ${JSON.stringify(unknown)}`);
        }
      }
      this.links.invalidate();
      await this.compactIfNeeded();
    });
  }

  /** Follows the source's change events until the returned function is called. */
  watch(onError?: (error: unknown) => void): () => void {
    if (!this.source.onChange) return () => undefined;
    return this.source.onChange((change) => {
      this.applyChange(change).catch((error: unknown) => onError?.(error));
    });
  }

  /** Serialises the index (compacting it first) into the compact binary format. */
  serialize(): Promise<Uint8Array> {
    return this.enqueue(async () => {
      const slicer = new TimeSlicer(this.yieldToHost, this.sliceMs);
      await this.core.compact(slicer);
      slicer.finish();
      this.longestSliceMs = Math.max(this.longestSliceMs, slicer.longestSliceMs);
      return encodeIndex(this.core);
    });
  }

  /** Ranks notes without cutting passages: the synchronous core of {@link search}. */
  rank(query: string, options: SearchOptions = {}): RankedNote[] {
    return rankNotes(this.core, this.parse(query, options), { ...rankFilters(options), limit: options.limit ?? 10 });
  }

  /**
   * Searches the vault. Results are best first and carry the note's path and title, the heading
   * and an excerpt of the best passage. A query of only filters (time range, folders, tags) lists
   * the notes that pass them, newest first. Quoted phrases must appear in the passage. Rejects with an AbortError when
   * `options.signal` aborts.
   */
  async search(query: string, options: SearchOptions = {}): Promise<SearchResult[]> {
    throwIfAborted(options.signal);
    const limit = Math.max(1, options.limit ?? 10);
    const parsed = this.parse(query, options);
    if (parsed.terms.length === 0) return this.recent(limit, options);
    const pool = parsed.phrases.length > 0 ? Math.max(limit * 5, 50) : limit;
    const ranked = rankNotes(this.core, parsed, { ...rankFilters(options), limit: pool });
    const results: SearchResult[] = [];
    for (const hit of ranked) {
      if (results.length >= limit) break;
      throwIfAborted(options.signal);
      const result = await this.toResult(hit, parsed);
      if (result) results.push(result);
    }
    throwIfAborted(options.signal);
    return results;
  }

  /**
   * The search result for one note: its passage is the index passage `at.passage`, or the one
   * holding character `at.offset`, or the note's first. Null when the note is gone.
   */
  async resultFor(path: string, query: string, at: { passage?: number; offset?: number } = {}): Promise<SearchResult | null> {
    const id = this.core.byPath.get(path);
    if (id === undefined) return null;
    const record = this.core.notes[id];
    let passage = at.passage ?? (record.passageCount > 0 ? record.firstPassage : -1);
    if (at.offset !== undefined) {
      for (let candidate = record.firstPassage; candidate < record.firstPassage + record.passageCount; candidate += 1) {
        if (this.core.passages.start.array[candidate] <= at.offset) passage = candidate;
      }
    }
    return this.toResult({ note: record, score: 0, passage }, this.parse(query, {}));
  }

  private parse(query: string, options: SearchOptions): ParsedQuery {
    return parseQuery(query, options.salientTerms, { languages: this.core.languages() });
  }

  /** The indexed note at a path. */
  note(path: string): IndexedNote | undefined {
    const id = this.core.byPath.get(path);
    return id === undefined ? undefined : this.core.notes[id];
  }

  /** Every indexed note. */
  allNotes(): IndexedNote[] {
    return this.core.notes.filter((note) => note.alive);
  }

  /**
   * Resolves link text (`Note`, `Folder/Note#Heading`) to a note path, as Obsidian would, else
   * to the note whose alias it is (the `[[link]]` rule of resolveLinkOrAlias): people and models
   * name notes by their aliases too.
   */
  resolveLink(linktext: string, sourcePath = ''): string | undefined {
    return resolveLinkOrAlias(linktext, { byLinkpath: (text, from) => this.links.resolve(text, from), byAlias: (alias) => this.pathsWithAlias(alias) }, sourcePath);
  }

  // Only asked when no name matched, so a scan of the notes' aliases is fine here.
  private pathsWithAlias(lowerAlias: string): string[] {
    return this.allNotes()
      .filter((note) => note.aliases.some((alias) => alias.trim().toLowerCase() === lowerAlias))
      .map((note) => note.path);
  }

  /** Notes that link to `path`, with how many links each. */
  backlinks(path: string): { path: string; count: number }[] {
    return this.links.backlinks(path);
  }

  /** Notes tagged `tag` or a tag nested below it (`project` matches `project/alpha`), case-insensitive. */
  notesWithTag(tag: string): IndexedNote[] {
    return notesWithTag(this.allNotes(), tag);
  }

  /** Every tag in the vault with how many notes carry it, most used first. */
  tagCounts(scope?: NoteScope): { tag: string; count: number }[] {
    return tagCounts(scope === undefined ? this.allNotes() : this.allNotes().filter(scopeFilter(scope)));
  }

  /** How many notes a scope lets the vault tools see. */
  countInScope(scope: NoteScope): number {
    return this.allNotes().filter(scopeFilter(scope)).length;
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async runRefresh(options: IndexBuildOptions): Promise<IndexBuildStats> {
    const started = performance.now();
    const slicer = new TimeSlicer(this.yieldToHost, this.sliceMs, options.signal);
    const bulk = !this.built;
    const { indexed, removed, unchanged } = await syncNotes(this.core, this.source, slicer, bulk, options.onProgress);
    if (bulk || indexed > 0 || removed > 0) await this.core.compact(slicer);
    this.links.invalidate();
    this.built = true;
    slicer.finish();
    this.longestSliceMs = Math.max(this.longestSliceMs, slicer.longestSliceMs);
    options.onProgress?.({ indexed, total: indexed });
    return { indexed, removed, unchanged, elapsedMs: performance.now() - started, longestSliceMs: slicer.longestSliceMs };
  }

  private async reindex(info: VaultNoteInfo): Promise<void> {
    const text = await readOrUndefined(this.source, info.path);
    if (text === undefined) this.core.removeNote(info.path);
    else this.core.addNote(info, text, false, this.source.metadata?.(info.path));
  }

  private async compactIfNeeded(): Promise<void> {
    const core = this.core;
    if (core.body.liveSize + core.fields.liveSize < LIVE_POSTINGS_LIMIT && core.deadNotes * 4 < core.notes.length + 16) return;
    const slicer = new TimeSlicer(this.yieldToHost, this.sliceMs);
    await core.compact(slicer);
    slicer.finish();
    this.longestSliceMs = Math.max(this.longestSliceMs, slicer.longestSliceMs);
  }

  private async recent(limit: number, options: SearchOptions): Promise<SearchResult[]> {
    const { start, end } = options.timeRange ?? {};
    if (start === undefined && end === undefined && !options.folders?.length && !options.tags?.length && options.within === undefined) return [];
    const accepts = noteFilter(rankFilters(options));
    const notes = this.allNotes()
      .filter(accepts)
      .sort((a, b) => b.mtime - a.mtime)
      .slice(0, limit);
    const results: SearchResult[] = [];
    for (const note of notes) {
      throwIfAborted(options.signal);
      const id = this.core.byPath.get(note.path)!;
      const result = await this.toResult({ note, score: 0, passage: this.core.notes[id].passageCount > 0 ? this.core.notes[id].firstPassage : -1 }, { terms: [], phrases: [] });
      if (result) results.push(result);
    }
    return results;
  }

  /** Reads the note and cuts the passage; null when a phrase is missing or the note vanished. */
  private async toResult(hit: RankedNote, query: ParsedQuery): Promise<SearchResult | null> {
    const text = await readOrUndefined(this.source, hit.note.path);
    return text === undefined ? null : cutResult({ core: this.core, hit, query, text });
  }
}

/** The filters of a search as {@link rankNotes} takes them. */
function rankFilters(options: SearchOptions): NoteFilters {
  return { timeRange: options.timeRange, folders: options.folders, tags: options.tags, within: options.within };
}

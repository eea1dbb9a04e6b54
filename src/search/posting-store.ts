import { GrowableUint16, GrowableUint32 } from './growable';
import type { TimeSlicer } from './scheduler';

/** The compact, read-only part of a posting store: postings grouped by term (CSR layout). */
export interface PostingSegment {
  /** `termStart[t]` … `termStart[t + 1]` is term t's range in `docs`/`values`. */
  readonly termStart: Uint32Array;
  readonly docs: Uint32Array;
  /** Term frequency (body) or a field bit mask (note fields). */
  readonly values: Uint16Array;
}

const EMPTY_SEGMENT: PostingSegment = { termStart: new Uint32Array(1), docs: new Uint32Array(0), values: new Uint16Array(0) };
/** Work between two time-slice checks in the merge loops. */
const CHECK_EVERY = 1 << 15;

/**
 * An inverted index from term ids to (doc id, value) postings. Bulk indexing appends flat
 * triples that {@link compact} sorts into one CSR segment with a counting sort (linear, and
 * sliceable so it never blocks for long). Later single-note updates go to a small per-term map
 * until the next compaction. Deleted docs are not removed from postings; readers skip them with
 * the `dead` filter they pass, and compaction drops them.
 */
export class PostingStore {
  private segment: PostingSegment = EMPTY_SEGMENT;
  // Bulk postings arrive doc by doc, so they are stored as runs: (term, value) pairs, plus
  // where each doc's run starts. 6 bytes a posting instead of 12 for flat triples.
  private pendingTerms = new GrowableUint32();
  private pendingValues = new GrowableUint16();
  private runDocs = new GrowableUint32();
  private runStarts = new GrowableUint32();
  private live = new Map<number, number[]>();
  private liveCount = 0;

  /** Starts from a loaded segment. */
  static fromSegment(segment: PostingSegment): PostingStore {
    const store = new PostingStore();
    store.segment = segment;
    return store;
  }

  /** Adds a posting during a bulk build; invisible to readers until {@link compact}. */
  appendBulk(term: number, doc: number, value: number): void {
    if (this.runDocs.length === 0 || this.runDocs.array[this.runDocs.length - 1] !== doc) {
      this.runDocs.push(doc);
      this.runStarts.push(this.pendingTerms.length);
    }
    this.pendingTerms.push(term);
    this.pendingValues.push(value);
  }

  /** Adds a posting that readers see at once (single-note updates). */
  appendLive(term: number, doc: number, value: number): void {
    let list = this.live.get(term);
    if (!list) this.live.set(term, (list = []));
    list.push(doc, value);
    this.liveCount += 1;
  }

  /** True when postings wait outside the segment (bulk or live). */
  get hasPending(): boolean {
    return this.pendingTerms.length > 0 || this.liveCount > 0;
  }

  /** Postings waiting in the live map; callers compact when this grows large. */
  get liveSize(): number {
    return this.liveCount;
  }

  /** Number of postings of a term, dead docs included (an upper bound, as in Lucene). */
  docFrequency(term: number): number {
    const { termStart } = this.segment;
    const inSegment = term + 1 < termStart.length ? termStart[term + 1] - termStart[term] : 0;
    return inSegment + (this.live.get(term)?.length ?? 0) / 2;
  }

  /** Calls `visit(doc, value)` for every posting of `term`. */
  forEach(term: number, visit: (doc: number, value: number) => void): void {
    const { termStart, docs, values } = this.segment;
    if (term + 1 < termStart.length) {
      const end = termStart[term + 1];
      for (let index = termStart[term]; index < end; index += 1) visit(docs[index], values[index]);
    }
    const list = this.live.get(term);
    if (list) for (let index = 0; index < list.length; index += 2) visit(list[index], list[index + 1]);
  }

  /** Calls `visit(doc, value)` for the postings of `term` added since the last compaction. */
  forEachLive(term: number, visit: (doc: number, value: number) => void): void {
    const list = this.live.get(term);
    if (list) for (let index = 0; index < list.length; index += 2) visit(list[index], list[index + 1]);
  }

  /** The segment, for fast loops and serialisation; call {@link compact} first to include everything. */
  get current(): PostingSegment {
    return this.segment;
  }

  /**
   * Merges the segment, the bulk postings and the live map into one new segment, keeping
   * only docs with `remap[doc] >= 0` and renaming them to `remap[doc]` (pass `undefined` to
   * keep every doc as it is). Time-sliced through `slicer`. Readers keep seeing the old
   * postings until the returned function installs the new ones, so a caller can switch
   * several stores (and its own doc columns) at one instant.
   */
  async compact(termCount: number, remap: Int32Array | undefined, slicer: TimeSlicer): Promise<() => void> {
    const keep = (doc: number): number => (remap === undefined ? doc : remap[doc] ?? -1);
    const old = this.segment;
    const counts = new Uint32Array(termCount + 1);
    const oldTerms = old.termStart.length - 1;
    for (let term = 0, seen = 0; term < oldTerms; term += 1) {
      const end = old.termStart[term + 1];
      for (let index = old.termStart[term]; index < end; index += 1) if (keep(old.docs[index]) >= 0) counts[term] += 1;
      seen += end - old.termStart[term];
      if (seen >= CHECK_EVERY) {
        seen = 0;
        await slicer.checkpoint();
      }
    }
    const pendingLength = this.pendingTerms.length;
    const pendingTerms = this.pendingTerms.array;
    const runCount = this.runDocs.length;
    const runDocs = this.runDocs.array;
    const runStarts = this.runStarts.array;
    const runEnd = (run: number): number => (run + 1 < runCount ? runStarts[run + 1] : pendingLength);
    for (let run = 0; run < runCount; run += 1) {
      if (keep(runDocs[run]) < 0) continue;
      for (let index = runStarts[run], end = runEnd(run); index < end; index += 1) counts[pendingTerms[index]] += 1;
      if ((run & 1023) === 0) await slicer.checkpoint();
    }
    for (const [term, list] of this.live) for (let index = 0; index < list.length; index += 2) if (keep(list[index]) >= 0) counts[term] += 1;
    const termStart = new Uint32Array(termCount + 1);
    for (let term = 0; term < termCount; term += 1) termStart[term + 1] = termStart[term] + counts[term];
    const total = termStart[termCount];
    const docs = new Uint32Array(total);
    const values = new Uint16Array(total);
    const cursor = termStart.slice(0, termCount);
    const place = (term: number, doc: number, value: number): void => {
      const target = keep(doc);
      if (target < 0) return;
      const at = cursor[term];
      docs[at] = target;
      values[at] = value;
      cursor[term] = at + 1;
    };
    for (let term = 0, seen = 0; term < oldTerms; term += 1) {
      const end = old.termStart[term + 1];
      for (let index = old.termStart[term]; index < end; index += 1) place(term, old.docs[index], old.values[index]);
      seen += end - old.termStart[term];
      if (seen >= CHECK_EVERY) {
        seen = 0;
        await slicer.checkpoint();
      }
    }
    const pendingValues = this.pendingValues.array;
    for (let run = 0; run < runCount; run += 1) {
      const doc = runDocs[run];
      for (let index = runStarts[run], end = runEnd(run); index < end; index += 1) place(pendingTerms[index], doc, pendingValues[index]);
      if ((run & 1023) === 0) await slicer.checkpoint();
    }
    for (const [term, list] of this.live) for (let index = 0; index < list.length; index += 2) place(term, list[index], list[index + 1]);
    return () => this.install({ termStart, docs, values });
  }

  private install(segment: PostingSegment): void {
    this.segment = segment;
    // Fresh small buffers: the bulk ones can be tens of megabytes and are not needed again.
    this.pendingTerms = new GrowableUint32();
    this.pendingValues = new GrowableUint16();
    this.runDocs = new GrowableUint32();
    this.runStarts = new GrowableUint32();
    this.live = new Map();
    this.liveCount = 0;
  }
}

import { dotStride, Int8Dots } from './int8-dots';

/** One note's passage vectors, int8-quantised. */
export interface NoteVectors {
  readonly mtime: number;
  readonly size: number;
  /** Where each passage starts in the note text (UTF-16 offsets). */
  readonly offsets: Uint32Array;
  /** Per passage: the factor that turns its int8 values back into a unit vector. */
  readonly scales: Float32Array;
  /** `offsets.length × dims` values, passage after passage. */
  readonly vectors: Int8Array;
}

/** A note close in meaning to a query: its best passage's cosine similarity and offset. */
export interface SemanticHit {
  readonly path: string;
  readonly score: number;
  readonly offset: number;
}

/** Every passage of the store in the dot-product module's memory, in note order. */
interface PassageSlab {
  readonly entries: readonly (readonly [path: string, note: NoteVectors])[];
  /** Per passage: its note's position in `entries`. */
  readonly noteOf: Int32Array;
  readonly scales: Float32Array;
  readonly offsets: Uint32Array;
}

/** "GBE" + format version. */
const MAGIC = 0x01454247;

/** Scales a vector to unit length and stores it as int8 with one float scale (4× smaller than float32). */
export function quantize(vector: Float32Array): { values: Int8Array; scale: number } {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  let largest = 0;
  for (const value of vector) largest = Math.max(largest, Math.abs(value / norm));
  const scale = largest / 127 || 1;
  const values = new Int8Array(vector.length);
  for (let index = 0; index < vector.length; index += 1) values[index] = Math.round(vector[index] / norm / scale);
  return { values, scale };
}

/**
 * The vectors of a vault's notes for one embedding model, persisted beside the lexical index.
 * A query is compared with every passage, and each note counts with its best passage. The int8
 * dot products run in WebAssembly SIMD where it is available ({@link Int8Dots}; the passages are
 * copied into its memory on the first query after a change), else in a JavaScript loop; both
 * give the same sums (docs/decisions/hybrid-vector-scan.md).
 */
export class EmbeddingStore {
  private readonly notes = new Map<string, NoteVectors>();
  /** Undefined until the first query; null where WebAssembly SIMD is missing. */
  private dots: Int8Dots | null | undefined;
  /** What the module's memory holds; dropped by every change to the notes. */
  private slab: PassageSlab | undefined;

  constructor(
    readonly model: string,
    public dims: number,
  ) {}

  get size(): number {
    return this.notes.size;
  }

  paths(): string[] {
    return [...this.notes.keys()];
  }

  /** Whether the note's vectors were made from this version of it. */
  isCurrent(path: string, info: { mtime: number; size: number }): boolean {
    const known = this.notes.get(path);
    return known !== undefined && known.mtime === info.mtime && known.size === info.size;
  }

  /** Stores a note's passage vectors (replacing older ones). */
  set(path: string, info: { mtime: number; size: number }, offsets: readonly number[], vectors: readonly Float32Array[]): void {
    if (vectors.length > 0 && this.notes.size === 0) this.dims = vectors[0].length;
    const usable = vectors.filter((vector) => vector.length === this.dims);
    const packed = new Int8Array(usable.length * this.dims);
    const scales = new Float32Array(usable.length);
    usable.forEach((vector, index) => {
      const { values, scale } = quantize(vector);
      packed.set(values, index * this.dims);
      scales[index] = scale;
    });
    this.notes.set(path, { mtime: info.mtime, size: info.size, offsets: Uint32Array.from(offsets.slice(0, usable.length)), scales, vectors: packed });
    this.slab = undefined;
  }

  delete(path: string): boolean {
    this.slab = undefined;
    return this.notes.delete(path);
  }

  /** The notes nearest in meaning to `query`, best first, among those `accept` lets through. */
  nearest(query: Float32Array, limit: number, accept: (path: string) => boolean = () => true): SemanticHit[] {
    if (query.length !== this.dims) return [];
    // The query quantised like the passages: the scan is then integer multiply-adds, and the
    // order of scores is what matters.
    const unit = quantize(query);
    if (this.dots === undefined) this.dots = Int8Dots.create();
    if (this.dots === null) return this.nearestInJavaScript(unit, limit, accept);
    const slab = this.loadSlab(this.dots);
    const sums = this.dots.score(unit.values);
    const best = new Float64Array(slab.entries.length).fill(-2);
    const bestOffset = new Uint32Array(slab.entries.length);
    for (let passage = 0; passage < sums.length; passage += 1) {
      const score = sums[passage] * slab.scales[passage] * unit.scale;
      const note = slab.noteOf[passage];
      if (score > best[note]) {
        best[note] = score;
        bestOffset[note] = slab.offsets[passage];
      }
    }
    const top: SemanticHit[] = [];
    for (let note = 0; note < slab.entries.length; note += 1) offerHit(top, limit, slab.entries[note][0], best[note], bestOffset[note], accept);
    return top;
  }

  /** The same as {@link nearest} with the dot products in JavaScript: where WebAssembly is missing, and the tests' reference. */
  nearestInJavaScript(query: { values: Int8Array; scale: number }, limit: number, accept: (path: string) => boolean = () => true): SemanticHit[] {
    const { values: unit, scale: queryScale } = query;
    const dims = this.dims;
    const top: SemanticHit[] = [];
    for (const [path, note] of this.notes) {
      const { vectors, scales, offsets } = note;
      let best = -2;
      let bestOffset = 0;
      for (let passage = 0; passage < scales.length; passage += 1) {
        const base = passage * dims;
        let sum = 0;
        let index = 0;
        for (; index + 3 < dims; index += 4) {
          sum += unit[index] * vectors[base + index] + unit[index + 1] * vectors[base + index + 1] + unit[index + 2] * vectors[base + index + 2] + unit[index + 3] * vectors[base + index + 3];
        }
        for (; index < dims; index += 1) sum += unit[index] * vectors[base + index];
        const score = sum * scales[passage] * queryScale;
        if (score > best) {
          best = score;
          bestOffset = offsets[passage];
        }
      }
      offerHit(top, limit, path, best, bestOffset, accept);
    }
    return top;
  }

  /** Copies every passage into the module's memory unless it holds them already. */
  private loadSlab(dots: Int8Dots): PassageSlab {
    if (this.slab) return this.slab;
    const entries = [...this.notes];
    const count = entries.reduce((sum, [, note]) => sum + note.scales.length, 0);
    const noteOf = new Int32Array(count);
    const scales = new Float32Array(count);
    const offsets = new Uint32Array(count);
    const { dims } = this;
    const stride = dotStride(dims);
    dots.setVectors(count, stride, (target) => {
      let passage = 0;
      entries.forEach(([, note], position) => {
        for (let at = 0; at < note.scales.length; at += 1, passage += 1) {
          target.set(note.vectors.subarray(at * dims, (at + 1) * dims), passage * stride);
          noteOf[passage] = position;
          scales[passage] = note.scales[at];
          offsets[passage] = note.offsets[at];
        }
      });
    });
    this.slab = { entries, noteOf, scales, offsets };
    return this.slab;
  }

  /** The binary form: a JSON header (model, dims, notes) and the packed scales and vectors. */
  encode(): Uint8Array {
    const entries = [...this.notes];
    const header = JSON.stringify({ model: this.model, dims: this.dims, notes: entries.map(([path, note]) => [path, note.mtime, note.size, Array.from(note.offsets)]) });
    const headerBytes = new TextEncoder().encode(header);
    const passages = entries.reduce((sum, [, note]) => sum + note.scales.length, 0);
    const headerEnd = (12 + headerBytes.length + 3) & ~3;
    const out = new Uint8Array(headerEnd + passages * 4 + passages * this.dims);
    const view = new DataView(out.buffer);
    view.setUint32(0, MAGIC, true);
    view.setUint32(4, headerBytes.length, true);
    view.setUint32(8, out.length, true);
    out.set(headerBytes, 12);
    let scaleAt = headerEnd;
    let vectorAt = headerEnd + passages * 4;
    for (const [, note] of entries) {
      out.set(new Uint8Array(note.scales.buffer, note.scales.byteOffset, note.scales.byteLength), scaleAt);
      scaleAt += note.scales.byteLength;
      out.set(new Uint8Array(note.vectors.buffer, note.vectors.byteOffset, note.vectors.byteLength), vectorAt);
      vectorAt += note.vectors.byteLength;
    }
    return out;
  }

  /** Reads {@link encode}'s output; null when it is not a complete store (the caller embeds anew). */
  static decode(input: Uint8Array): EmbeddingStore | null {
    try {
      const bytes = input.byteOffset % 4 === 0 ? input : input.slice();
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      if (bytes.byteLength < 12 || view.getUint32(0, true) !== MAGIC || view.getUint32(8, true) !== bytes.byteLength) return null;
      const headerLength = view.getUint32(4, true);
      const header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + headerLength))) as { model: string; dims: number; notes: [string, number, number, number[]][] };
      const store = new EmbeddingStore(header.model, header.dims);
      const passages = header.notes.reduce((sum, note) => sum + note[3].length, 0);
      const headerEnd = (12 + headerLength + 3) & ~3;
      if (headerEnd + passages * 4 + passages * header.dims !== bytes.byteLength) return null;
      const scales = new Float32Array(bytes.buffer, bytes.byteOffset + headerEnd, passages);
      const vectors = new Int8Array(bytes.buffer, bytes.byteOffset + headerEnd + passages * 4, passages * header.dims);
      let at = 0;
      for (const [path, mtime, size, offsets] of header.notes) {
        store.notes.set(path, { mtime, size, offsets: Uint32Array.from(offsets), scales: scales.subarray(at, at + offsets.length), vectors: vectors.subarray(at * header.dims, (at + offsets.length) * header.dims) });
        at += offsets.length;
      }
      return store;
    } catch {
      return null;
    }
  }
}

/** Puts a note into `top` (best first, at most `limit`) if it scores among them and `accept`s. */
function offerHit(top: SemanticHit[], limit: number, path: string, score: number, offset: number, accept: (path: string) => boolean): void {
  if (score <= -2 || (top.length >= limit && score <= top[top.length - 1].score) || !accept(path)) return;
  let at = top.length;
  while (at > 0 && top[at - 1].score < score) at -= 1;
  top.splice(at, 0, { path, score, offset });
  if (top.length > limit) top.pop();
}

/** A typed array that grows by doubling, for postings and per-passage columns. */
export class GrowableUint32 {
  array: Uint32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.array = new Uint32Array(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.array.length) this.grow(Math.max(16, this.length * 2));
    this.array[this.length++] = value;
  }

  /** Makes room for `capacity` values without changing the length. */
  grow(capacity: number): void {
    if (capacity <= this.array.length) return;
    const next = new Uint32Array(capacity);
    next.set(this.array.subarray(0, this.length));
    this.array = next;
  }

  /** The filled part, copied into a right-sized array. */
  toArray(): Uint32Array {
    return this.array.slice(0, this.length);
  }

  /** Wraps an existing array (e.g. one view of a loaded index) as the filled part. */
  static from(values: Uint32Array): GrowableUint32 {
    const growable = new GrowableUint32(0);
    growable.array = values;
    growable.length = values.length;
    return growable;
  }
}

/** A typed array that grows by half its size at a time (less slack than doubling), for postings and per-passage columns. */
export class GrowableUint32 {
  array: Uint32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.array = new Uint32Array(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.array.length) this.grow(Math.max(16, Math.ceil(this.length * 1.5)));
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

/** {@link GrowableUint32} for 16-bit values (term frequencies), at half the memory. */
export class GrowableUint16 {
  array: Uint16Array;
  length = 0;

  constructor(capacity = 1024) {
    this.array = new Uint16Array(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.array.length) {
      const next = new Uint16Array(Math.max(16, Math.ceil(this.length * 1.5)));
      next.set(this.array);
      this.array = next;
    }
    this.array[this.length++] = value;
  }
}

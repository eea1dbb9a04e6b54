import { INT8_DOTS_WASM } from './int8-dots-module';

type DotsFunction = (query: number, vectors: number, count: number, stride: number, out: number) => void;

const PAGE = 65_536;

/** Bytes per vector in the module's memory: the dimensions rounded up to whole SIMD steps. */
export function dotStride(dims: number): number {
  return (dims + 15) & ~15;
}

/**
 * Dot products of an int8 query with many int8 vectors in WebAssembly SIMD (int8-dots.wat),
 * 16 values per step: the same integer sums as a JavaScript loop, several times faster
 * (docs/decisions/hybrid-vector-scan.md). The vectors are copied into the module's memory once
 * and stay there until replaced. Where WebAssembly or its SIMD is missing, {@link create} gives
 * null and the caller keeps its JavaScript loop.
 */
export class Int8Dots {
  private count = 0;
  private stride = 16;

  private constructor(
    private readonly memory: WebAssembly.Memory,
    private readonly dots: DotsFunction,
  ) {}

  static create(): Int8Dots | null {
    try {
      if (typeof WebAssembly !== 'object') return null;
      const bytes = Uint8Array.from(atob(INT8_DOTS_WASM), (char) => char.charCodeAt(0));
      if (!WebAssembly.validate(bytes)) return null;
      const { exports } = new WebAssembly.Instance(new WebAssembly.Module(bytes));
      return new Int8Dots(exports.memory as WebAssembly.Memory, exports.dots as DotsFunction);
    } catch {
      // A platform that refuses to compile WebAssembly: the JavaScript loop answers instead.
      return null;
    }
  }

  /**
   * Replaces the vectors: `count` of them, `stride` bytes apart ({@link dotStride}); `fill`
   * writes them into the view it is given (zeroed, so the padding past the dimensions is 0).
   */
  setVectors(count: number, stride: number, fill: (target: Int8Array) => void): void {
    // Layout: the query in [0, stride), then the vectors, then the sums.
    const needed = stride + count * stride + count * 4;
    const pages = Math.ceil(needed / PAGE) - this.memory.buffer.byteLength / PAGE;
    if (pages > 0) this.memory.grow(pages);
    this.count = count;
    this.stride = stride;
    const target = new Int8Array(this.memory.buffer, stride, count * stride);
    target.fill(0);
    fill(target);
  }

  /** The query's dot product with every vector, in order (a view valid until the next call). */
  score(query: Int8Array): Int32Array {
    const { count, stride } = this;
    const queryView = new Int8Array(this.memory.buffer, 0, stride);
    queryView.fill(0);
    queryView.set(query.subarray(0, stride));
    const out = stride + count * stride;
    this.dots(0, stride, count, stride, out);
    return new Int32Array(this.memory.buffer, out, count);
  }
}

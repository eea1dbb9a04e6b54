import { join } from 'node:path';
import { dotStride, Int8Dots } from '../../../src/search/embeddings/int8-dots';
import { INT8_DOTS_WASM } from '../../../src/search/embeddings/int8-dots-module';
import { compileWat } from '../../../tools/wasm/compile-wat';

/** Deterministic int8 values in [-127, 127]. */
function values(count: number, seed: number): Int8Array {
  let state = seed;
  return Int8Array.from({ length: count }, () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return (state % 255) - 127;
  });
}

function plainDots(query: Int8Array, vectors: Int8Array, dims: number): number[] {
  const sums: number[] = [];
  for (let start = 0; start < vectors.length; start += dims) {
    let sum = 0;
    for (let index = 0; index < dims; index += 1) sum += query[index] * vectors[start + index];
    sums.push(sum);
  }
  return sums;
}

describe('Int8Dots', () => {
  const dots = Int8Dots.create();

  it('is available in Node (WebAssembly with SIMD)', () => {
    expect(dots).not.toBeNull();
  });

  it.each([[256], [37], [1536]])('gives the same sums as a plain loop for %i dimensions, the padding past them counting nothing', (dims) => {
    const count = 50;
    const vectors = values(count * dims, dims);
    const query = values(dims, 7);
    const stride = dotStride(dims);
    dots!.setVectors(count, stride, (target) => {
      for (let vector = 0; vector < count; vector += 1) target.set(vectors.subarray(vector * dims, (vector + 1) * dims), vector * stride);
    });
    expect([...dots!.score(query)]).toEqual(plainDots(query, vectors, dims));
  });

  it('grows its memory for more vectors than its first page holds, and forgets vectors that were replaced', () => {
    const dims = 256;
    const many = values(2_000 * dims, 3);
    const query = values(dims, 11);
    dots!.setVectors(2_000, dims, (target) => target.set(many));
    expect([...dots!.score(query)]).toEqual(plainDots(query, many, dims));
    const few = values(3 * dims, 5);
    dots!.setVectors(3, dims, (target) => target.set(few));
    expect([...dots!.score(query)]).toEqual(plainDots(query, few, dims));
  });

  it('ships the binary of int8-dots.wat (npm run build:wasm regenerates it)', async () => {
    const binary = await compileWat(join(__dirname, '../../../src/search/embeddings/int8-dots.wat'));
    expect(Buffer.from(binary).toString('base64')).toBe(INT8_DOTS_WASM);
  });
});

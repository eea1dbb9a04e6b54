import { EmbeddingStore, quantize } from '../../../src/search/embeddings/embedding-store';

const vector = (...values: number[]): Float32Array => Float32Array.from(values);

describe('quantize', () => {
  it('keeps a unit vector within a fraction of a percent in int8', () => {
    const original = Float32Array.from({ length: 256 }, (_unused, index) => Math.sin(index * 1.7));
    const { values, scale } = quantize(original);
    const norm = Math.hypot(...original);
    let cosine = 0;
    for (let index = 0; index < original.length; index += 1) cosine += (original[index] / norm) * values[index] * scale;
    expect(cosine).toBeGreaterThan(0.999);
    expect(values.byteLength).toBe(256);
  });
});

describe('EmbeddingStore', () => {
  const store = new EmbeddingStore('test-model', 3);
  store.set('Cats.md', { mtime: 1, size: 10 }, [0, 40], [vector(1, 0, 0), vector(0.7, 0.7, 0)]);
  store.set('Dogs.md', { mtime: 2, size: 20 }, [0], [vector(0, 1, 0)]);
  store.set('Fish.md', { mtime: 3, size: 30 }, [5], [vector(0, 0, 1)]);

  it('ranks notes by their best passage’s cosine similarity, with that passage’s offset', () => {
    const hits = store.nearest(vector(0.6, 0.8, 0), 2);
    expect(hits.map((hit) => [hit.path, hit.offset])).toEqual([['Cats.md', 40], ['Dogs.md', 0]]);
    expect(hits[0].score).toBeCloseTo(0.99, 1);
  });

  it('leaves out notes the filter rejects', () => {
    expect(store.nearest(vector(1, 0, 0), 3, (path) => path !== 'Cats.md').map((hit) => hit.path)).toEqual(['Dogs.md', 'Fish.md']);
  });

  it('knows which notes are current and survives encoding', () => {
    expect(store.isCurrent('Dogs.md', { mtime: 2, size: 20 })).toBe(true);
    expect(store.isCurrent('Dogs.md', { mtime: 9, size: 20 })).toBe(false);
    const loaded = EmbeddingStore.decode(store.encode())!;
    expect(loaded.model).toBe('test-model');
    expect(loaded.paths().sort()).toEqual(['Cats.md', 'Dogs.md', 'Fish.md']);
    expect(loaded.nearest(vector(0.6, 0.8, 0), 3)).toEqual(store.nearest(vector(0.6, 0.8, 0), 3));
    expect(loaded.isCurrent('Fish.md', { mtime: 3, size: 30 })).toBe(true);
  });

  it('rejects bytes that are not a complete store', () => {
    const bytes = store.encode();
    expect(EmbeddingStore.decode(bytes.slice(0, bytes.length - 3))).toBeNull();
    expect(EmbeddingStore.decode(new Uint8Array(16))).toBeNull();
  });

  it('finds the same notes, scores and offsets with WebAssembly as with the JavaScript loop, and sees a note changed after a query', () => {
    let state = 42;
    const random = (): number => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return state / 2 ** 32 - 0.5;
    };
    const randomVector = (): Float32Array => Float32Array.from({ length: 40 }, random);
    const big = new EmbeddingStore('test-model', 40);
    for (let note = 0; note < 300; note += 1) {
      big.set(`Note ${note}.md`, { mtime: note, size: note }, [0, 100, 200], [randomVector(), randomVector(), randomVector()]);
    }
    const query = randomVector();
    const viaWasm = big.nearest(query, 10);
    expect(viaWasm).toEqual(big.nearestInJavaScript(quantize(query), 10));
    expect(viaWasm).toHaveLength(10);
    // The best note now holds the query itself: the next query must see it.
    big.set('Note 299.md', { mtime: 1_000, size: 1 }, [7], [query]);
    const after = big.nearest(query, 10);
    expect(after[0]).toEqual({ path: 'Note 299.md', score: expect.closeTo(1, 2) as number, offset: 7 });
    big.delete('Note 299.md');
    expect(big.nearest(query, 10).map((hit) => hit.path)).not.toContain('Note 299.md');
  });
});

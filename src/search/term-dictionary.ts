import { ownString } from './own-string';

/**
 * Term strings ↔ dense ids, plus prefix lookup. Prefixes are served from buckets keyed on a
 * term's first two characters, kept up to date as terms are added, so prefix search needs no
 * sorted term list (sorting hundreds of thousands of strings would block the main thread).
 */
export class TermDictionary {
  private readonly ids = new Map<string, number>();
  private readonly list: string[] = [];
  /** Built on the first prefix lookup, then kept current: loading and building skip the cost. */
  private buckets: Map<string, number[]> | undefined;
  /** First character → the bucket keys that start with it, for one-character prefixes. */
  private readonly firstChars = new Map<string, Set<string>>();

  /** Builds a dictionary from terms in id order (a loaded index). */
  static fromTerms(terms: readonly string[]): TermDictionary {
    const dictionary = new TermDictionary();
    const ids = dictionary.ids;
    const list = dictionary.list;
    for (let id = 0; id < terms.length; id += 1) {
      ids.set(terms[id], id);
      list.push(terms[id]);
    }
    return dictionary;
  }

  get size(): number {
    return this.list.length;
  }

  /** The id of a term, adding it when new. */
  add(term: string): number {
    const known = this.ids.get(term);
    if (known !== undefined) return known;
    // Not a view of the passage that introduced the word (ownString).
    const own = ownString(term);
    const id = this.list.length;
    this.ids.set(own, id);
    this.list.push(own);
    if (this.buckets) this.addToBucket(this.buckets, own, id);
    return id;
  }

  private addToBucket(buckets: Map<string, number[]>, term: string, id: number): void {
    const key = term.slice(0, 2);
    let bucket = buckets.get(key);
    if (!bucket) {
      buckets.set(key, (bucket = []));
      const first = term.slice(0, 1);
      let keys = this.firstChars.get(first);
      if (!keys) this.firstChars.set(first, (keys = new Set()));
      keys.add(key);
    }
    bucket.push(id);
  }

  id(term: string): number | undefined {
    return this.ids.get(term);
  }

  term(id: number): string {
    return this.list[id];
  }

  /** Every term in id order (for serialisation). */
  terms(): readonly string[] {
    return this.list;
  }

  /** Ids of terms that start with `prefix` and are longer than it, at most `limit` of them. */
  withPrefix(prefix: string, limit: number): number[] {
    let buckets = this.buckets;
    if (!buckets) {
      buckets = this.buckets = new Map();
      for (let id = 0; id < this.list.length; id += 1) this.addToBucket(buckets, this.list[id], id);
    }
    const keys = prefix.length >= 2 ? [prefix.slice(0, 2)] : [...(this.firstChars.get(prefix) ?? [])];
    const found: number[] = [];
    for (const key of keys) {
      for (const id of buckets.get(key) ?? []) {
        const term = this.list[id];
        if (term.length > prefix.length && term.startsWith(prefix)) {
          found.push(id);
          if (found.length >= limit) return found;
        }
      }
    }
    return found;
  }
}

import type { YieldToHost } from './scheduler';

/** A note as the index knows it. */
export interface IndexedNote {
  /** Vault-relative path with `/` separators. */
  readonly path: string;
  /** The file name without `.md`, which is what `[[wikilinks]]` use. */
  readonly title: string;
  /** Epoch ms. */
  readonly mtime: number;
  readonly size: number;
  readonly aliases: readonly string[];
  /** Without `#`, as written; nested tags whole (`project/alpha`). */
  readonly tags: readonly string[];
  readonly headings: readonly string[];
  /** Link targets as written. */
  readonly links: readonly string[];
  /** The note's language (frontmatter `lang`, else detected), an ISO 639-1 code; absent when unclear. */
  readonly language?: string;
}

/** An inclusive range of modification times, epoch ms; either end may be open. */
export interface TimeRange {
  readonly start?: number;
  readonly end?: number;
}

/** Options of {@link VaultIndex.search}. */
export interface SearchOptions {
  /** Most results to return; default 10. */
  readonly limit?: number;
  /** Only notes modified within this range. */
  readonly timeRange?: TimeRange;
  /** Key terms that weigh more than the rest of the query. */
  readonly salientTerms?: readonly string[];
  /** Only notes in these folders (vault-relative, subfolders included). */
  readonly folders?: readonly string[];
  /** Only notes with one of these tags (without `#`; nested tags count: `project` matches `project/alpha`). */
  readonly tags?: readonly string[];
  /** The run's scope: only notes in it (its folders and tags, or attached explicitly). */
  readonly within?: NoteScope;
  readonly signal?: AbortSignal;
}

/** One search result: the note and the passage that matched best. */
export interface SearchResult {
  readonly path: string;
  readonly title: string;
  readonly score: number;
  /** The heading above the passage; absent when the passage comes before any heading. */
  readonly heading?: string;
  /** A plain-text excerpt around the best match, whitespace collapsed. */
  readonly passage: string;
  readonly mtime: number;
  /**
   * For a note longer than one `readNote` chunk: the chunk (from 0) that holds the passage, to
   * pass to `readNote`, and how many chunks the note has. Absent for shorter notes.
   */
  readonly chunk?: number;
  readonly chunks?: number;
}

/** A ranked note before its passage is cut (the synchronous part of a search). */
export interface RankedNote {
  readonly note: IndexedNote;
  readonly score: number;
  /** The passage that scored best, or -1 when only the title, tags or path matched. */
  readonly passage: number;
}

/** Progress of a build or refresh. */
export interface IndexProgress {
  readonly indexed: number;
  readonly total: number;
}

/** Construction options of a {@link VaultIndex}. */
export interface VaultIndexOptions {
  /** Longest stretch of synchronous work before yielding to the host, ms; default 12. */
  readonly sliceMs?: number;
  /** How to yield; default `setImmediate`/`MessageChannel`/`setTimeout`. */
  readonly yieldToHost?: YieldToHost;
}

/** Options of a build or refresh. */
export interface IndexBuildOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: IndexProgress) => void;
}

/** What a build or refresh did and how long it held the main thread at most. */
export interface IndexBuildStats {
  readonly indexed: number;
  readonly removed: number;
  readonly unchanged: number;
  readonly elapsedMs: number;
  readonly longestSliceMs: number;
}

/** A run's scope: notes in its folders and with its tags (either may be empty), and the notes attached explicitly. */
export interface NoteScope {
  readonly folders?: readonly string[];
  readonly tags?: readonly string[];
  /** Vault paths that are in scope whatever their folder or tags. */
  readonly paths?: readonly string[];
}

import type { VaultChange, VaultNoteMetadata } from '../vault-source';

// The messages between the plugin's main thread and the indexing worker. The worker owns the
// index; the main thread owns the vault, so the worker asks it for the note list and texts.

/** Either end of the channel: a Worker, the worker's global scope, or a MessagePort in tests. */
export interface IndexPort {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/** The index methods the main thread may call; each answers with a `result`. */
export type IndexCallMethod = 'search' | 'note' | 'resolveLink' | 'backlinks' | 'notesWithTag' | 'tagCounts' | 'countInScope' | 'serialize' | EmbeddingCallMethod;

/** Search by meaning (src/search/worker/serve-embeddings.ts): its store and scan live in the worker too. */
export type EmbeddingCallMethod = 'embeddingPlan' | 'embedNotes' | 'encodeEmbeddings' | 'hybridSearch';

/** An error as it crosses the channel (an AbortError stays one). */
export interface WireError {
  readonly name: string;
  readonly message: string;
}

/** Main thread → worker. */
export type ToWorker =
  /** Load `saved` when it is a readable index (else build), catch up with the vault, then follow changes. */
  | { readonly kind: 'open'; readonly saved: Uint8Array | null }
  | { readonly kind: 'change'; readonly change: VaultChange }
  /** Search by meaning on with `model` (the vectors `saved` before, when they are for it), or off (`model` null). */
  | { readonly kind: 'embeddings'; readonly model: string | null; readonly saved: Uint8Array | null }
  | { readonly kind: 'call'; readonly id: number; readonly method: IndexCallMethod; readonly args: readonly unknown[] }
  | { readonly kind: 'abort'; readonly id: number }
  /** The answer to a `source` request. */
  | { readonly kind: 'reply'; readonly id: number; readonly value?: unknown; readonly error?: WireError }
  /** Part of the note list, ahead of its `reply` (the rest): a whole vault's list in one message is one long task on the main thread. */
  | { readonly kind: 'reply-part'; readonly id: number; readonly value: readonly unknown[] };

/** Notes per message of the note list. */
export const LIST_PART_SIZE = 2000;

/** What a `read` request answers: the text and what the host already parsed. */
export interface NoteReply {
  readonly text: string;
  readonly metadata?: VaultNoteMetadata;
}

/** Worker → main thread. */
export type FromWorker =
  | { readonly kind: 'source'; readonly id: number; readonly op: 'list' }
  | { readonly kind: 'source'; readonly id: number; readonly op: 'read'; readonly path: string }
  /** Vectors for `texts` from the embeddings endpoint, which only the main thread talks to. */
  | { readonly kind: 'source'; readonly id: number; readonly op: 'embed'; readonly texts: readonly string[] }
  /** How far the `embedNotes` call `id` has come, in passages. */
  | { readonly kind: 'progress'; readonly id: number; readonly done: number; readonly total: number }
  /** The vectors changed after the vault did (changed notes embedded again): time to save them. */
  | { readonly kind: 'embeddings-changed' }
  /** The index is current; `save` holds its bytes when they changed since `open`'s. */
  | { readonly kind: 'opened'; readonly size: number; readonly save: Uint8Array | null }
  | { readonly kind: 'open-failed'; readonly error: WireError }
  | { readonly kind: 'result'; readonly id: number; readonly value?: unknown; readonly error?: WireError };

/** An error for the wire. */
export function toWireError(error: unknown): WireError {
  return error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };
}

/** The error again on the other side (an AbortError as the standard DOMException). */
export function fromWireError(error: WireError): Error {
  if (error.name === 'AbortError') return new DOMException(error.message, 'AbortError');
  const revived = new Error(error.message);
  revived.name = error.name;
  return revived;
}

import type { SearchOptions } from '../index-types';
import type { NoteScope } from '../note-filter';
import { VaultIndex } from '../vault-index';
import type { VaultChange, VaultNoteInfo, VaultNoteMetadata, VaultSource } from '../vault-source';
import { fromWireError, toWireError, type EmbeddingCallMethod, type FromWorker, type IndexPort, type NoteReply, type ToWorker } from './index-protocol';
import { WorkerEmbeddings } from './serve-embeddings';

const EMBEDDING_METHODS: ReadonlySet<string> = new Set<EmbeddingCallMethod>(['embeddingPlan', 'embedNotes', 'encodeEmbeddings', 'hybridSearch']);

/**
 * The worker half: owns a {@link VaultIndex} over a vault it reaches through `port` (the main
 * thread lists and reads the notes), builds or loads it on `open`, applies the changes the
 * main thread forwards, and answers its calls. The index still yields between slices, so a
 * query is answered between two slices of a build instead of after it.
 */
export function serveVaultIndex(port: IndexPort): void {
  const source = new RemoteVaultSource((message) => port.postMessage(message));
  let index: VaultIndex | null = null;
  const aborts = new Map<number, AbortController>();

  const post = (message: FromWorker, transfer: Transferable[] = []): void => port.postMessage(message, transfer);
  const embeddings = new WorkerEmbeddings(() => index, (texts) => source.embed(texts), post);
  source.onChange(() => embeddings.vaultChanged());

  // As openVaultIndex, but the index is reachable while it builds: a query is answered between
  // two slices (from what is already searchable) instead of after the whole build.
  const open = async (saved: Uint8Array | null): Promise<void> => {
    try {
      const loaded = saved ? VaultIndex.load(saved, source) : null;
      const opening = loaded ?? new VaultIndex(source);
      index = opening;
      const stats = await opening.refresh();
      const save = loaded === null || stats.indexed > 0 || stats.removed > 0 ? await opening.serialize() : null;
      opening.watch();
      post({ kind: 'opened', size: opening.size, save }, save ? [save.buffer as ArrayBuffer] : []);
    } catch (error) {
      post({ kind: 'open-failed', error: toWireError(error) });
    }
  };

  const call = async (id: number, method: string, args: readonly unknown[]): Promise<void> => {
    const controller = new AbortController();
    aborts.set(id, controller);
    try {
      if (index === null) throw new Error('The vault index is not open.');
      const value = EMBEDDING_METHODS.has(method) ? await embeddings.call(id, method as EmbeddingCallMethod, args, controller.signal) : await runCall(index, method, args, controller.signal);
      post({ kind: 'result', id, value }, value instanceof Uint8Array ? [value.buffer as ArrayBuffer] : []);
    } catch (error) {
      post({ kind: 'result', id, error: toWireError(error) });
    } finally {
      aborts.delete(id);
    }
  };

  port.onmessage = (event: MessageEvent) => {
    const message = event.data as ToWorker;
    switch (message.kind) {
      case 'open':
        void open(message.saved);
        break;
      case 'change':
        source.emit(message.change);
        break;
      case 'embeddings':
        embeddings.configure(message.model, message.saved);
        break;
      case 'call':
        void call(message.id, message.method, message.args);
        break;
      case 'abort':
        aborts.get(message.id)?.abort();
        break;
      case 'reply':
        source.settle(message);
        break;
      case 'reply-part':
        source.collect(message);
        break;
      default: {
        const unknown: never = message;
        throw new Error(`Unknown message ${JSON.stringify(unknown)}`);
      }
    }
  };
}

function runCall(index: VaultIndex, method: string, args: readonly unknown[], signal: AbortSignal): Promise<unknown> {
  switch (method) {
    case 'search':
      return index.search(args[0] as string, { ...(args[1] as SearchOptions | undefined), signal });
    case 'note':
      return Promise.resolve(index.note(args[0] as string));
    case 'resolveLink':
      return Promise.resolve(index.resolveLink(args[0] as string, args[1] as string | undefined));
    case 'backlinks':
      return Promise.resolve(index.backlinks(args[0] as string));
    case 'notesWithTag':
      return Promise.resolve(index.notesWithTag(args[0] as string));
    case 'tagCounts':
      return Promise.resolve(index.tagCounts(args[0] as NoteScope | undefined));
    case 'countInScope':
      return Promise.resolve(index.countInScope(args[0] as NoteScope));
    case 'serialize':
      return index.serialize();
    default:
      return Promise.reject(new Error(`Unknown index method ${method}`));
  }
}

/** The vault as the worker sees it: every list and read is a request to the main thread. */
class RemoteVaultSource implements VaultSource {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly metadataByPath = new Map<string, VaultNoteMetadata>();
  private readonly parts = new Map<number, unknown[]>();
  private readonly listeners = new Set<(change: VaultChange) => void>();

  constructor(private readonly post: (message: FromWorker) => void) {}

  listNotes(): Promise<readonly VaultNoteInfo[]> {
    return this.request({ op: 'list' }) as Promise<readonly VaultNoteInfo[]>;
  }

  async read(path: string): Promise<string> {
    const reply = (await this.request({ op: 'read', path })) as NoteReply;
    if (reply.metadata) this.metadataByPath.set(path, reply.metadata);
    return reply.text;
  }

  // The index asks right after the read resolved; the host's parse came with the text.
  metadata(path: string): VaultNoteMetadata | undefined {
    const metadata = this.metadataByPath.get(path);
    this.metadataByPath.delete(path);
    return metadata;
  }

  onChange(listener: (change: VaultChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: VaultChange): void {
    for (const listener of this.listeners) listener(change);
  }

  collect(part: Extract<ToWorker, { kind: 'reply-part' }>): void {
    const parts = this.parts.get(part.id) ?? [];
    this.parts.set(part.id, parts);
    parts.push(...part.value);
  }

  settle(reply: Extract<ToWorker, { kind: 'reply' }>): void {
    const waiting = this.pending.get(reply.id);
    const parts = this.parts.get(reply.id);
    this.parts.delete(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (reply.error) waiting.reject(fromWireError(reply.error));
    else waiting.resolve(parts ? [...parts, ...(reply.value as readonly unknown[])] : reply.value);
  }

  /** Vectors from the embeddings endpoint, through the main thread. */
  embed(texts: readonly string[]): Promise<Float32Array[]> {
    return this.request({ op: 'embed', texts }) as Promise<Float32Array[]>;
  }

  private request(body: { op: 'list' } | { op: 'read'; path: string } | { op: 'embed'; texts: readonly string[] }): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ kind: 'source', id, ...body });
    });
  }
}

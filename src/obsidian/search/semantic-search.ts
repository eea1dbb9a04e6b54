import type { EmbeddingClient, HybridResults, IndexStore, MeaningSearch, SearchOptions } from '../../search';
import { describePlan, type EmbeddingPlan, type EmbeddingProgress } from '../../search/embeddings/embedding-plan';
import type { GlassboxSettings } from '../../settings';
import { t, tCount } from '../../i18n';

/** What search by meaning asks of the index: the indexing worker's client (WorkerIndexClient). */
export interface EmbeddingsIndex {
  useEmbeddings(embedder: EmbeddingClient | null, saved?: Uint8Array | null): void;
  embeddingPlan(): Promise<EmbeddingPlan>;
  embedNotes(options?: { signal?: AbortSignal; onProgress?: (progress: EmbeddingProgress) => void }): Promise<{ embedded: number; removed: number }>;
  encodeEmbeddings(): Promise<Uint8Array>;
  hybridSearch(query: string, options?: SearchOptions): Promise<HybridResults>;
  onEmbeddingsChanged: (() => void) | null;
}

/** Whether an index can carry search by meaning (the worker's client can; a bare VaultIndex cannot). */
export function carriesEmbeddings(index: object): index is EmbeddingsIndex {
  return 'useEmbeddings' in index && 'hybridSearch' in index;
}

/** What {@link SemanticSearch} needs from the plugin. */
export interface SemanticSearchOptions {
  readonly settings: () => GlassboxSettings;
  /** The embeddings client for `model` at the configured endpoint (made when search by meaning turns on). */
  readonly client: (model: string) => Promise<EmbeddingClient>;
  /** Where the vectors are kept on this device, beside the word index. */
  readonly store: IndexStore;
  /** Shows a line in the status bar, or clears it (null). */
  readonly status: (text: string | null) => void;
  readonly notify: (message: string) => void;
  /** Asks before embedding: true to go ahead. */
  readonly confirm: (details: { plan: string; model: string }) => Promise<boolean>;
}

/**
 * Search by meaning in the plugin (DESIGN.md 7, issue 13): turns it on and off in the indexing
 * worker as the settings say, restores the saved vectors, runs "Embed notes" (plan, confirm,
 * batches with progress in the status bar, stoppable) and saves the vectors after each run and
 * after the worker embeds changed notes. A failing endpoint never fails a search: it is word
 * search with a notice, shown to the user once.
 */
export class SemanticSearch {
  private index: EmbeddingsIndex | null = null;
  /** The model the worker uses, or null while search by meaning is off. */
  private model: string | null = null;
  private syncing: Promise<void> = Promise.resolve();
  private running: AbortController | null = null;
  private warned = false;

  constructor(private readonly options: SemanticSearchOptions) {}

  /** The index is open: search by meaning follows the settings from now on. */
  attach(index: EmbeddingsIndex): Promise<void> {
    this.index = index;
    index.onEmbeddingsChanged = () => void this.save();
    return this.sync();
  }

  /** Applies the settings (after they changed): on, off, or another model. */
  sync(): Promise<void> {
    this.syncing = this.syncing.then(() => this.applySettings());
    return this.syncing;
  }

  /** localSearch's meaning half while search by meaning is on. */
  meaning(): MeaningSearch | undefined {
    const index = this.index;
    if (index === null || this.model === null) return undefined;
    return {
      search: async (query, options) => {
        const results = await index.hybridSearch(query, options);
        if (results.failure !== undefined && !this.warned) {
          this.warned = true;
          this.options.notify(t('semantic.wordsOnly', { error: results.failure }));
        }
        return results;
      },
    };
  }

  /** The command: says what embedding takes, asks, then embeds in the background. */
  async embedNotes(): Promise<void> {
    const { notify } = this.options;
    if (!this.options.settings().semanticSearch) {
      notify(t('semantic.turnOnFirst'));
      return;
    }
    if (this.running !== null) {
      notify(t('semantic.alreadyEmbedding'));
      return;
    }
    await this.sync();
    const index = this.index;
    const model = this.model;
    if (index === null || model === null) {
      notify(model === null && index !== null ? t('semantic.setModelFirst') : t('semantic.stillIndexing'));
      return;
    }
    const plan = await index.embeddingPlan();
    if (plan.notes === 0) {
      notify(t('semantic.allEmbedded'));
      return;
    }
    if (!(await this.options.confirm({ plan: describePlan(plan), model }))) return;
    const controller = new AbortController();
    this.running = controller;
    this.options.status(t('semantic.progress', { done: 0, total: plan.passages }));
    try {
      const { embedded } = await index.embedNotes({ signal: controller.signal, onProgress: ({ done, total }) => this.options.status(t('semantic.progress', { done, total })) });
      this.warned = false;
      notify(tCount('semantic.done', embedded));
    } catch (error) {
      if (controller.signal.aborted) notify(t('semantic.stopped'));
      else notify(t('semantic.failed', { error: error instanceof Error ? error.message : String(error) }));
    } finally {
      this.running = null;
      this.options.status(null);
      await this.save();
    }
  }

  /** Stops a running "Embed notes"; false when none runs. */
  stop(): boolean {
    if (this.running === null) return false;
    this.running.abort();
    return true;
  }

  get embedding(): boolean {
    return this.running !== null;
  }

  private async applySettings(): Promise<void> {
    const index = this.index;
    if (index === null) return;
    const settings = this.options.settings();
    const model = settings.semanticSearch && settings.embeddingModel.trim() !== '' ? settings.embeddingModel.trim() : null;
    if (model === this.model) return;
    this.stop();
    this.model = model;
    this.warned = false;
    if (model === null) {
      index.useEmbeddings(null);
      return;
    }
    const [client, saved] = await Promise.all([this.options.client(model), this.options.store.load().catch(() => null)]);
    // The worker keeps saved vectors only when they were made by this model.
    index.useEmbeddings(client, saved === null ? null : Uint8Array.from(saved instanceof Uint8Array ? saved : new Uint8Array(saved)));
  }

  private async save(): Promise<void> {
    const index = this.index;
    if (index === null || this.model === null) return;
    try {
      await this.options.store.save(await index.encodeEmbeddings());
    } catch {
      // Not saved: the next start embeds what is missing again (after asking).
    }
  }
}

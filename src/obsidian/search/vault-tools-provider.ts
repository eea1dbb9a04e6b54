import type { AgentTool } from '../../agent';
import type { IndexStore, MeaningSearch, NoteScope, VaultIndexReader, VaultSource } from '../../search';
import { t } from '../../i18n';

/** The vault tools a run gets, and a notice when they are not (yet) available. */
export interface VaultToolsSnapshot {
  readonly tools: readonly AgentTool[];
  readonly notice?: string;
  /** How many notes a scope holds (the index is built); absent while it is not. */
  readonly countInScope?: (scope: NoteScope) => Promise<number>;
}

type CreateVaultTools = typeof import('../../search/tools/create-vault-tools').createVaultTools;

/** What the provider opens: the index, its source, and where the index is persisted. */
export interface OpenedVaultIndex {
  /** The index, here or in the indexing worker (src/obsidian/search/open-plugin-index.ts). */
  readonly index: VaultIndexReader & { watch(): () => void; serialize(): Promise<Uint8Array> };
  readonly source: VaultSource;
  /** When given, the index is saved there a while after the vault changes, and on dispose. */
  readonly store?: IndexStore;
  /** Stops what opening started (the worker); called on dispose. */
  readonly close?: () => void;
}

/** How long after the last vault change the index is saved. */
export const INDEX_SAVE_DELAY_MS = 30_000;

/** Notice shown while the first index build runs. */
/** The notice of a question asked while the vault is still being indexed. */
export function indexBuildingNotice(): string {
  return t('notice.indexBuilding');
}

/**
 * Owns the vault index for the chat view: starts it in the background (load or build, then
 * watch for changes) and hands each run the vault tools over it, or a notice while it is
 * still building or failed, so a question never waits for indexing.
 */
export class VaultToolsProvider {
  private state:
    | { readonly kind: 'idle' | 'building' }
    | { readonly kind: 'ready'; readonly index: VaultIndexReader; readonly source: VaultSource; readonly createVaultTools: CreateVaultTools }
    | { readonly kind: 'failed'; readonly message: string } = { kind: 'idle' };
  private stopWatching: (() => void) | null = null;
  private saveTimer: number | null = null;
  private persist: (() => Promise<void>) | null = null;
  private close: (() => void) | null = null;
  private building: Promise<void> | null = null;
  private disposed = false;

  constructor(
    private readonly openIndex: () => Promise<OpenedVaultIndex>,
    private readonly hooks: {
      /** localSearch's meaning half, while search by meaning is on. */
      readonly meaning?: () => MeaningSearch | undefined;
      /** The index is open (search by meaning attaches to it). */
      readonly onReady?: (index: OpenedVaultIndex['index']) => void;
    } = {},
  ) {}

  /** Starts indexing once; later calls do nothing. */
  start(): void {
    void this.whenSettled();
  }

  /** Starts indexing once; resolves (never rejects) when the index is ready or has failed. */
  whenSettled(): Promise<void> {
    if (this.building) return this.building;
    this.state = { kind: 'building' };
    // The tools (and zod with them) are evaluated with the index, not when the plugin loads.
    this.building = Promise.all([this.openIndex(), import('../../search/tools/create-vault-tools')]).then(
      ([opened, { createVaultTools }]) => {
        const { index, source, store } = opened;
        if (this.disposed) {
          opened.close?.();
          return;
        }
        this.close = opened.close ?? null;
        const stopIndexing = index.watch();
        const stopSaving = store ? this.saveAfterChanges({ index, source, store }) : () => undefined;
        this.stopWatching = () => {
          stopIndexing();
          stopSaving();
        };
        this.state = { kind: 'ready', index, source, createVaultTools };
        this.hooks.onReady?.(index);
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        this.state = { kind: 'failed', message };
      },
    );
    return this.building;
  }

  /** True while the index is being opened (loaded or built) for the first time. */
  get opening(): boolean {
    return this.state.kind === 'idle' || this.state.kind === 'building';
  }

  /**
   * Waits for the index to open, at most `timeoutMs`: the first question asked while the plugin
   * starts gets the vault tools when they are seconds away (issue 24), and never waits longer.
   */
  async whenSettledWithin(timeoutMs: number): Promise<void> {
    let timer: number | undefined;
    const expired = new Promise<void>((resolve) => (timer = window.setTimeout(resolve, timeoutMs)));
    await Promise.race([this.whenSettled(), expired]);
    window.clearTimeout(timer);
  }

  /** The tools for a run starting now, limited to `scope` (a question's folders and tags, plus its attached notes). */
  current(scope?: NoteScope): VaultToolsSnapshot {
    this.start();
    const state = this.state;
    switch (state.kind) {
      case 'ready': {
        const { index, source } = state;
        return {
          tools: state.createVaultTools({ index, source, ...(this.hooks.meaning ? { hybrid: this.hooks.meaning } : {}), ...(scope !== undefined ? { scope } : {}) }),
          countInScope: async (wanted) => index.countInScope(wanted),
        };
      }
      case 'failed':
        return { tools: [], notice: t('notice.indexFailed', { error: state.message }) };
      case 'idle':
      case 'building':
        return { tools: [], notice: indexBuildingNotice() };
      default:
        return state satisfies never;
    }
  }

  /** Stops watching the vault (plugin unload) and saves unsaved index changes. */
  dispose(): void {
    this.disposed = true;
    this.stopWatching?.();
    this.stopWatching = null;
    let saving: Promise<void> | undefined;
    if (this.saveTimer !== null) {
      window.clearTimeout(this.saveTimer);
      this.saveTimer = null;
      saving = this.persist?.();
    }
    // The worker encodes the index, so it stops only once the last save has its bytes.
    const close = this.close;
    this.close = null;
    if (close) void Promise.resolve(saving).finally(close);
  }

  // A restart re-reads only what changed since the last save, so saving a while after edits
  // (not on every keystroke's modify event) keeps restarts fast without constant writes.
  private saveAfterChanges(options: { index: OpenedVaultIndex['index']; source: VaultSource; store: IndexStore }): () => void {
    const { index, source, store } = options;
    this.persist = () => index.serialize().then((data) => store.save(data)).catch(() => undefined);
    if (!source.onChange) return () => undefined;
    return source.onChange(() => {
      if (this.saveTimer !== null) window.clearTimeout(this.saveTimer);
      this.saveTimer = window.setTimeout(() => {
        this.saveTimer = null;
        void this.persist?.();
      }, INDEX_SAVE_DELAY_MS);
    });
  }
}

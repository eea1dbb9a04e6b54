import { openVaultIndex, type VaultSource } from '../../../src/search';
import { indexBuildingNotice, INDEX_SAVE_DELAY_MS, VaultToolsProvider } from '../../../src/obsidian/search/vault-tools-provider';
import type { VaultChange } from '../../../src/search/vault-source';
import { AwaitableList } from '../../support/awaitable-list';

function memorySource(notes: Record<string, string>): VaultSource {
  return {
    listNotes: () => Promise.resolve(Object.entries(notes).map(([path, text]) => ({ path, mtime: 1, size: text.length }))),
    read: (path) => (path in notes ? Promise.resolve(notes[path]) : Promise.reject(new Error(`No note at ${path}`))),
  };
}

describe('VaultToolsProvider', () => {
  it('gives a notice and no tools while the index builds, then the vault tools', async () => {
    const source = memorySource({ 'Refund policy.md': '# Refund policy\nRefunds take 14 days.' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const provider = new VaultToolsProvider(async () => {
      await gate;
      return { index: await openVaultIndex({ source }), source };
    });
    expect(provider.current()).toEqual({ tools: [], notice: indexBuildingNotice() });
    release();
    await provider.whenSettled();
    const ready = provider.current();
    expect(ready.notice).toBeUndefined();
    expect(ready.tools.map((tool) => tool.name)).toContain('localSearch');
    const search = ready.tools.find((tool) => tool.name === 'localSearch')!;
    const result = await search.execute({ query: 'refunds' }, { signal: new AbortController().signal, now: () => 0 });
    expect(result.output).toContain('Refund policy');
    provider.dispose();
  });

  it('says why when the index cannot be built', async () => {
    const provider = new VaultToolsProvider(() => Promise.reject(new Error('disk full')));
    await provider.whenSettled();
    expect(provider.current()).toEqual({ tools: [], notice: expect.stringContaining('disk full') });
  });

  it('saves the index once, a while after a burst of vault changes, and again on dispose', async () => {
    const notes: Record<string, string> = { 'Refund policy.md': '# Refund policy\nRefunds take 14 days.' };
    const listeners = new Set<(change: VaultChange) => void>();
    const source: VaultSource = {
      ...memorySource(notes),
      onChange: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const saves = new AwaitableList<Uint8Array>();
    const store = { load: () => Promise.resolve(null), save: (data: Uint8Array) => Promise.resolve(saves.push(data)) };
    const index = await openVaultIndex({ source });
    const provider = new VaultToolsProvider(() => Promise.resolve({ index, source, store }));
    await provider.whenSettled();
    jest.useFakeTimers();
    try {
      for (let edit = 0; edit < 5; edit += 1) {
        notes['Refund policy.md'] += `\nEdit ${edit}.`;
        listeners.forEach((listener) => listener({ type: 'modify', note: { path: 'Refund policy.md', mtime: 2 + edit, size: 60 } }));
      }
      jest.advanceTimersByTime(INDEX_SAVE_DELAY_MS - 1);
      expect(saves.items).toHaveLength(0);
      jest.advanceTimersByTime(1);
    } finally {
      jest.useRealTimers();
    }
    await saves.until((items) => items.length >= 1);
    // Every save serialises through the index's queue: once this serialisation is done, any
    // save the burst scheduled has been handed to the store.
    await index.serialize();
    expect(saves.items).toHaveLength(1);
    listeners.forEach((listener) => listener({ type: 'delete', path: 'Refund policy.md' }));
    provider.dispose();
    await saves.until((items) => items.length >= 2);
    await index.serialize();
    expect(saves.items).toHaveLength(2);
    expect(listeners.size).toBe(0);
  });
});

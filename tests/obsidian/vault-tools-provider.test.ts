import { openVaultIndex, type VaultSource } from '../../src/search';
import { INDEX_BUILDING_NOTICE, VaultToolsProvider } from '../../src/obsidian/vault-tools-provider';

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
    expect(provider.current()).toEqual({ tools: [], notice: INDEX_BUILDING_NOTICE });
    release();
    await new Promise((resolve) => window.setTimeout(resolve, 50));
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
    provider.start();
    await new Promise((resolve) => window.setTimeout(resolve, 0));
    expect(provider.current()).toEqual({ tools: [], notice: expect.stringContaining('disk full') });
  });
});

import { scriptedEmbedding } from '../../../tools/model-server';
import { REEMBED_DELAY_MS, WorkerEmbeddings } from '../../../src/search/worker/serve-embeddings';
import type { FromWorker } from '../../../src/search/worker/index-protocol';
import { VaultIndex } from '../../../src/search/vault-index';
import { immediate, MemoryVaultSource } from '../support/memory-vault-source';

/** Lets promise chains and immediates run until `done` holds (at most 1,000 turns). */
async function settle(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 1_000 && !done(); turn += 1) await immediate();
}

// The worker side of search by meaning: once the vault is embedded, a changed note is embedded
// again on its own a while after the vault settles, and the main thread is told to save.
describe('WorkerEmbeddings', () => {
  afterEach(() => jest.useRealTimers());

  async function embeddedVault() {
    const source = new MemoryVaultSource({ 'Garden.md': '# Garden\n\nTomatoes need sun.', 'Refunds.md': '# Refunds\n\nMoney back in 14 days.' });
    const index = await VaultIndex.build(source);
    index.watch();
    const sent: string[][] = [];
    const posted: FromWorker[] = [];
    const embeddings = new WorkerEmbeddings(
      () => index,
      (texts) => {
        sent.push([...texts]);
        return Promise.resolve(texts.map((text) => Float32Array.from(scriptedEmbedding(text))));
      },
      (message) => posted.push(message),
    );
    embeddings.configure('scripted', null);
    await embeddings.call(1, 'embedNotes', [], new AbortController().signal);
    return { source, index, embeddings, sent, posted };
  }

  it('embeds a changed note again alone, a while after the last change, and asks for a save', async () => {
    const { source, index, embeddings, sent, posted } = await embeddedVault();
    expect(sent.flat().join('\n')).toContain('Tomatoes need sun.');
    expect(posted.filter((message) => message.kind === 'progress').length).toBeGreaterThan(0);
    sent.length = 0;
    const changed = '# Garden\n\nTomatoes need sun and rain.';
    source.write('Garden.md', changed, Date.now() + 5_000);
    await settle(() => index.note('Garden.md')?.size === changed.length);
    expect(index.note('Garden.md')?.size).toBe(changed.length);
    jest.useFakeTimers();
    embeddings.vaultChanged();
    jest.advanceTimersByTime(REEMBED_DELAY_MS - 1);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(1);
    jest.useRealTimers();
    await settle(() => posted.some((message) => message.kind === 'embeddings-changed'));
    expect(sent.flat().join('\n')).toContain('Tomatoes need sun and rain.');
    expect(sent.flat().join('\n')).not.toContain('Money back');
    expect(posted.at(-1)).toEqual({ kind: 'embeddings-changed' });
  });

  it('embeds nothing on its own before the vault was embedded once (that costs money and needs a yes)', async () => {
    const source = new MemoryVaultSource({ 'Garden.md': '# Garden\n\nTomatoes need sun.' });
    const index = await VaultIndex.build(source);
    const sent: string[][] = [];
    const embeddings = new WorkerEmbeddings(() => index, (texts) => {
      sent.push([...texts]);
      return Promise.resolve([]);
    }, () => undefined);
    embeddings.configure('scripted', null);
    jest.useFakeTimers();
    embeddings.vaultChanged();
    jest.advanceTimersByTime(REEMBED_DELAY_MS * 2);
    expect(sent).toEqual([]);
  });
});

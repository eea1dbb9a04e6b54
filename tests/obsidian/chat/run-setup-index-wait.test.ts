import { createRunSetup, indexWaitNotice } from '../../../src/obsidian/chat/run-setup';
import { VaultToolsProvider } from '../../../src/obsidian/search/vault-tools-provider';
import { openVaultIndex, type VaultSource } from '../../../src/search';
import { loadGlassboxSettings } from '../../../src/settings';
import { createFakeApp } from '../../../tools/fake-obsidian';
import { startModelServer } from '../../../tools/model-server';

// Issue 24 item 9: the first question asked while the vault index is still opening waits for it
// (a few seconds at most, the live block saying so) instead of running without vault tools.
const source: VaultSource = {
  listNotes: () => Promise.resolve([{ path: 'Refund policy.md', mtime: 1, size: 30 }]),
  read: () => Promise.resolve('# Refund policy\nRefunds take 14 days.'),
};

describe('the first question while the index opens', () => {
  it('waits for the index, saying so, and runs with the vault tools', async () => {
    const server = await startModelServer({ contextWindow: 4096 });
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const provider = new VaultToolsProvider(async () => {
      await opened;
      return { index: await openVaultIndex({ source }), source };
    });
    try {
      const host = { settings: loadGlassboxSettings({ baseUrl: server.url, provider: 'custom' }), saveSettings: () => Promise.resolve() };
      const prepare = createRunSetup({ app: createFakeApp() as never, settings: host, vaultTools: provider });
      const waits: string[] = [];
      // The index opens only once the run has said it is waiting.
      const setup = await prepare('extractive', { question: 'How long do refunds take?', onWaiting: (what) => (waits.push(what), open()) });
      expect(waits).toEqual([indexWaitNotice()]);
      expect(setup.notice).toBeUndefined();
      expect(setup.tools.map((tool) => tool.name)).toContain('localSearch');
      // The window came from the server, as every run's does.
      expect(setup.contextWindow).toMatchObject({ tokens: 4096, source: 'llama.cpp /props' });
    } finally {
      provider.dispose();
      await server.close();
    }
  });

  it('does not wait once the index is open', async () => {
    const server = await startModelServer();
    const provider = new VaultToolsProvider(async () => ({ index: await openVaultIndex({ source }), source }));
    try {
      await provider.whenSettled();
      const host = { settings: loadGlassboxSettings({ baseUrl: server.url, provider: 'custom' }), saveSettings: () => Promise.resolve() };
      const waits: string[] = [];
      const setup = await createRunSetup({ app: createFakeApp() as never, settings: host, vaultTools: provider })('extractive', { question: 'Refunds?', onWaiting: (what) => waits.push(what) });
      expect(waits).toEqual([]);
      expect(setup.tools.map((tool) => tool.name)).toContain('localSearch');
    } finally {
      provider.dispose();
      await server.close();
    }
  });
});

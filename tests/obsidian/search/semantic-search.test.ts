import { act, within } from '@testing-library/react/pure';
import GlassboxPlugin from '../../../src/main';
import type { SemanticSearch } from '../../../src/obsidian/search/semantic-search';
import type { LocalSearchData } from '../../../src/search/tools/local-search-tool';
import { languageTable, setUiLanguage } from '../../../src/i18n';
import { createFakeApp, setFakeLanguage, type App } from '../../../tools/fake-obsidian';
import { startModelServer, type ModelServer } from '../../../tools/model-server';
import manifestJson from '../../../manifest.json';
import { until } from '../../support/chat-view-harness';
import { semanticSearchOf, vaultToolsOf } from '../../support/plugin-vault-tools';

// Issue 13 item 5 in the plugin: search by meaning is off until chosen, asks before sending the
// notes (with a cost estimate), shows progress in the status bar, keeps the vectors across a
// restart, and a failing endpoint leaves word search with one notice.

let server: ModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  document.body.querySelectorAll('.notice, .modal-container').forEach((element) => element.remove());
});

const NOTES: Record<string, string> = {
  'Refund policy.md': '# Refund policy\n\nCustomers get their money back within 14 days of a purchase.\n\n## Exceptions\n\nGift cards are final.',
  'Garden.md': '# Garden\n\nTomatoes need sun and water every morning.',
  'Offsite.md': '# Offsite\n\nThe team meets in Porto in May.',
};

const embeddingRequests = (): { input: string[] }[] => (server?.requests ?? []).filter((request) => request.path === '/v1/embeddings').map((request) => request.body as { input: string[] });
const noticeTexts = (): string[] => [...document.body.querySelectorAll('.notice')].map((notice) => notice.textContent ?? '');

async function vaultWithNotes(): Promise<App> {
  const app = createFakeApp();
  for (const [path, text] of Object.entries(NOTES)) await app.vault.create(path, text);
  return app;
}

async function loadPlugin(app: App, settings: Record<string, unknown>): Promise<{ plugin: GlassboxPlugin; semantic: SemanticSearch }> {
  await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ provider: 'custom', baseUrl: server!.url, model: 'm', apiKeySecretName: '', ...settings }));
  const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
  await vaultToolsOf(plugin).whenSettled();
  const semantic = semanticSearchOf(plugin);
  await semantic.sync();
  return { plugin, semantic };
}

async function localSearch(plugin: GlassboxPlugin, query: string): Promise<{ output: string; data: LocalSearchData }> {
  const tool = vaultToolsOf(plugin).current().tools.find((candidate) => candidate.name === 'localSearch')!;
  const result = await tool.execute({ query }, { signal: new AbortController().signal, now: () => 0 });
  return { output: result.output, data: result.data as LocalSearchData };
}

/** Runs the command and answers its dialog; resolves once the run has finished (its last notice). */
async function embedNotes(app: App, answer: string): Promise<string> {
  app.commands.executeCommandById('glassbox:embed-notes');
  await until(() => document.body.querySelector('.modal-container') !== null);
  const dialog = document.body.querySelector<HTMLElement>('.modal-container')!;
  const text = dialog.textContent ?? '';
  await act(async () => {
    within(dialog).getByRole('button', { name: answer }).click();
    await Promise.resolve();
  });
  return text;
}

describe('search by meaning in the plugin', () => {
  it('is off by default: no note goes to the embeddings endpoint, and the command says where to turn it on', async () => {
    server = await startModelServer();
    const app = await vaultWithNotes();
    const { plugin } = await loadPlugin(app, {});
    const { output } = await localSearch(plugin, 'money back');
    expect(output).toContain('Refund policy');
    app.commands.executeCommandById('glassbox:embed-notes');
    await until(() => noticeTexts().some((text) => text.includes('Turn on "Search by meaning"')));
    expect(document.body.querySelector('.modal-container')).toBeNull();
    expect(embeddingRequests()).toEqual([]);
    await act(async () => plugin.unload());
  });

  it('asks first with the plan, embeds with progress in the status bar, searches by meaning, and keeps the vectors across a restart', async () => {
    server = await startModelServer();
    const app = await vaultWithNotes();
    const { plugin } = await loadPlugin(app, { semanticSearch: true, embeddingModel: 'text-embedding-3-small' });
    const statusTexts: string[] = [];
    const observer = new MutationObserver(() => statusTexts.push(app.statusBarEl.textContent ?? ''));
    observer.observe(app.statusBarEl, { subtree: true, childList: true, characterData: true });

    // Cancelling sends nothing.
    const cancelled = await embedNotes(app, 'Cancel');
    expect(cancelled).toMatch(/3 notes \(\d+ passages, about \d+ tokens, about \$0\.\d+\)/);
    expect(cancelled).toContain(server.url);
    expect(embeddingRequests()).toEqual([]);

    await embedNotes(app, 'Embed notes');
    await until(() => noticeTexts().some((text) => text.includes('Embedded 3 notes')));
    observer.disconnect();
    expect(statusTexts.some((text) => /Embedding notes: \d+ \/ \d+ passages/.test(text))).toBe(true);
    expect(app.statusBarEl.textContent).toBe('');
    const passagesSent = embeddingRequests().flatMap((request) => request.input);
    expect(passagesSent.join('\n')).toContain('money back within 14 days');

    // localSearch now fuses word search with the notes' vectors: the query is embedded too.
    const before = embeddingRequests().length;
    const { data } = await localSearch(plugin, 'tomatoes sun');
    expect(data.results[0]?.path).toBe('Garden.md');
    expect(embeddingRequests().slice(before).map((request) => request.input)).toEqual([['tomatoes sun']]);

    // After a restart the vectors come back from this device's store: nothing is embedded again.
    await act(async () => plugin.unload());
    const sentBeforeRestart = embeddingRequests().length;
    const again = await loadPlugin(app, { semanticSearch: true, embeddingModel: 'text-embedding-3-small' });
    app.commands.executeCommandById('glassbox:embed-notes');
    await until(() => noticeTexts().some((text) => text.includes('Every note is embedded already')));
    expect(embeddingRequests().length).toBe(sentBeforeRestart);
    await act(async () => again.plugin.unload());
  });

  it('embeds at the embeddings base URL when it is set, not at the chat\'s', async () => {
    server = await startModelServer();
    const embeddings = await startModelServer();
    try {
      const app = await vaultWithNotes();
      const { plugin } = await loadPlugin(app, { semanticSearch: true, embeddingModel: 'nomic-embed-text', embeddingsBaseUrl: embeddings.url });
      // The dialog names where the passages go.
      expect(await embedNotes(app, 'Embed notes')).toContain(embeddings.url);
      await until(() => noticeTexts().some((text) => text.includes('Embedded 3 notes')));
      await localSearch(plugin, 'tomatoes sun');
      const sent = embeddings.requests.filter((request) => request.path === '/v1/embeddings');
      expect(sent.length).toBeGreaterThanOrEqual(2);
      expect(sent.every((request) => (request.body as { model?: string }).model === 'nomic-embed-text')).toBe(true);
      expect(embeddingRequests()).toEqual([]);
      await act(async () => plugin.unload());
    } finally {
      await embeddings.close();
    }
  });

  it('with the endpoint gone, searches by words and says so once', async () => {
    server = await startModelServer();
    const app = await vaultWithNotes();
    const { plugin } = await loadPlugin(app, { semanticSearch: true, embeddingModel: 'scripted' });
    await embedNotes(app, 'Embed notes');
    await until(() => noticeTexts().some((text) => text.includes('Embedded 3 notes')));
    await server.close();
    server = null;
    document.body.querySelectorAll('.notice').forEach((element) => element.remove());

    const first = await localSearch(plugin, 'refund exceptions');
    expect(first.output).toContain('Refund policy');
    expect(first.data.notice).toMatch(/embeddings endpoint .* could not be reached/);
    expect(first.output).toContain('These results match words only.');
    await localSearch(plugin, 'garden');
    expect(noticeTexts().filter((text) => text.includes('These results match words only.'))).toHaveLength(1);
    await act(async () => plugin.unload());
  });

  it('a missing embedding model stops the run with the endpoint\'s reason and keeps word search', async () => {
    server = await startModelServer();
    const app = await vaultWithNotes();
    const { plugin } = await loadPlugin(app, { semanticSearch: true, embeddingModel: 'no-such-embedding-model' });
    await embedNotes(app, 'Embed notes');
    await until(() => noticeTexts().some((text) => text.includes('Search stays word search')));
    expect(noticeTexts().join('\n')).toContain('has no embeddings model by that name');
    const { output } = await localSearch(plugin, 'money back');
    expect(output).toContain('Refund policy');
    await act(async () => plugin.unload());
  });

  describe('in German (issue 29: no English in a German notice)', () => {
    afterEach(() => {
      setFakeLanguage('en');
      setUiLanguage('en');
    });
    const ENGLISH = /embeddings endpoint|has no|could not be reached|match words only|model "/;

    it('a missing embedding model: the notice says the endpoint\'s reason in German', async () => {
      setFakeLanguage('de');
      server = await startModelServer();
      const app = await vaultWithNotes();
      const { plugin } = await loadPlugin(app, { semanticSearch: true, embeddingModel: 'no-such-embedding-model' });
      await embedNotes(app, languageTable('de')['semantic.embed']);
      await until(() => noticeTexts().some((text) => text.includes('Die Suche bleibt eine Wortsuche')));
      const notice = noticeTexts().find((text) => text.includes('Die Suche bleibt eine Wortsuche'))!;
      expect(notice).toContain('hat kein Einbettungsmodell dieses Namens oder keine /embeddings-Route (Modell „no-such-embedding-model“)');
      expect(notice).not.toMatch(ENGLISH);
      await act(async () => plugin.unload());
    });

    it('with the endpoint gone: the word-search notice is German', async () => {
      setFakeLanguage('de');
      server = await startModelServer();
      const app = await vaultWithNotes();
      const { plugin } = await loadPlugin(app, { semanticSearch: true, embeddingModel: 'scripted' });
      await embedNotes(app, languageTable('de')['semantic.embed']);
      await until(() => noticeTexts().some((text) => text.includes('3 Notizen')));
      await server.close();
      server = null;
      document.body.querySelectorAll('.notice').forEach((element) => element.remove());
      await localSearch(plugin, 'refund exceptions');
      const notice = noticeTexts().find((text) => text.includes('Diese Ergebnisse passen nur nach Wörtern.'));
      expect(notice).toMatch(/^Der Einbettungs-Endpunkt unter .* war nicht erreichbar \(Modell „scripted“\)\. Diese Ergebnisse passen nur nach Wörtern\.$/);
      expect(notice).not.toMatch(ENGLISH);
      await act(async () => plugin.unload());
    });
  });
});

import GlassboxPlugin from '../../src/main';
import type { LocalSearchData } from '../../src/search/tools/local-search-tool';
import { createFakeApp } from '../../tools/fake-obsidian';
import manifestJson from '../../manifest.json';
import { vaultToolsOf } from '../support/plugin-vault-tools';

// Issue 38 item 1 in the plugin: Glassbox's own folders (prompts, conversations) hold no notes to
// answer from. "/ → Next steps" made the prompt note "Next steps" the top hit and its text the answer.

async function loadPlugin(files: Record<string, string>): Promise<{ plugin: GlassboxPlugin; app: ReturnType<typeof createFakeApp> }> {
  const app = createFakeApp({ files });
  await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ provider: 'custom', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKeySecretName: '' }));
  const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
  await vaultToolsOf(plugin).whenSettled();
  return { plugin, app };
}

async function searchedPaths(plugin: GlassboxPlugin, query: string): Promise<string[]> {
  const tool = vaultToolsOf(plugin).current().tools.find((candidate) => candidate.name === 'localSearch')!;
  const result = await tool.execute({ query }, { signal: new AbortController().signal, now: () => 0 });
  return (result.data as LocalSearchData).results.map((hit) => hit.path);
}

describe("the plugin's vault search and Glassbox's own folders", () => {
  it('never finds a prompt note or a saved conversation, also in a prompts folder chosen after load', async () => {
    const { plugin, app } = await loadPlugin({
      'Projects/Harbour.md': '# Harbour\n\nNext steps: book the ferry and send the quote.',
      'Glassbox/Prompts/Next steps.md': 'List the next steps of {activeNote}.',
      'Glassbox/Conversations/Next steps.md': '### You\n\nWhat are the next steps?',
      'My prompts/Next steps tomorrow.md': 'Plan the next steps for tomorrow.',
    });
    expect((await searchedPaths(plugin, 'next steps')).sort()).toEqual(['My prompts/Next steps tomorrow.md', 'Projects/Harbour.md']);

    plugin.settings.promptsFolder = 'My prompts';
    await plugin.saveSettings();
    await app.vault.modify(app.vault.getFileByPath('My prompts/Next steps tomorrow.md')!, 'Plan the next steps for the day after.');
    await app.metadataCache.settled();
    expect(await searchedPaths(plugin, 'next steps')).toEqual(['Projects/Harbour.md']);
    plugin.unload();
  });
});

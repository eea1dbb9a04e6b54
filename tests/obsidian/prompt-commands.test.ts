import { act } from '@testing-library/react/pure';
import GlassboxPlugin from '../../src/main';
import { createFakeApp } from '../../tools/fake-obsidian';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import manifestJson from '../../manifest.json';
import { until } from '../support/chat-view-harness';
import { chatRequests, messagesSent } from '../support/wire-messages';

// Issue 29 item 2 (DESIGN.md 12.4): a palette command per custom prompt, and "New prompt".

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer({ scenarios: { answer: scenario().turn((t) => t.text('Done.')) } });
});
afterAll(() => server.close());

async function loadPlugin() {
  const app = createFakeApp();
  await app.vault.createFolder('Glassbox/Prompts');
  await app.vault.create('Glassbox/Prompts/Summarize plan.md', '---\ndescription: The plan in brief\n---\nSummarize {[[Plan]]} in one line. {}');
  await app.vault.create('Plan.md', '# Plan\nShip the alpha by March.\n');
  await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ provider: 'custom', baseUrl: server.url, model: 'answer', apiKeySecretName: '', attachOpenNote: false }));
  await app.loadPlugin(GlassboxPlugin, manifestJson);
  const names = () => Object.values(app.commands.commands).map((command) => command.name);
  return { app, names, close: () => act(async () => app.unloadPlugin(manifestJson.id)) };
}

describe('prompt commands', () => {
  it('each prompt is a palette command that runs it in the chat, its notes attached', async () => {
    const { app, names, close } = await loadPlugin();
    await until(() => names().includes('Glassbox: Prompt: Summarize plan'));
    const id = Object.values(app.commands.commands).find((command) => command.name === 'Glassbox: Prompt: Summarize plan')!.id;
    const before = chatRequests(server).length;
    await act(async () => {
      app.commands.executeCommandById(id);
      await Promise.resolve();
    });
    await until(() => chatRequests(server).length > before);
    const question = messagesSent(chatRequests(server).at(-1)!).filter((message) => message.role === 'user').at(-1)?.content ?? '';
    expect(question).toContain('<attached path="Plan.md">');
    expect(question).toContain('Summarize [[Plan]] in one line. (nothing selected)');
    await close();
  });

  it('follows the folder: a prompt note added later becomes a command, and "New prompt" creates one', async () => {
    const { app, names, close } = await loadPlugin();
    await until(() => names().includes('Glassbox: Prompt: Summarize plan'));
    await app.vault.create('Glassbox/Prompts/Translate.md', 'Translate {} into French.');
    await until(() => names().includes('Glassbox: Prompt: Translate'));
    await act(async () => {
      app.commands.executeCommandById('glassbox:new-prompt');
      await Promise.resolve();
    });
    await until(() => app.vault.getFileByPath('Glassbox/Prompts/New prompt.md') !== null);
    await until(() => names().includes('Glassbox: Prompt: New prompt'));
    await app.fileManager.trashFile(app.vault.getFileByPath('Glassbox/Prompts/Translate.md')!);
    await until(() => !names().includes('Glassbox: Prompt: Translate'));
    await close();
  });
});

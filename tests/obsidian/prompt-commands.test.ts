import { act } from '@testing-library/react/pure';
import GlassboxPlugin from '../../src/main';
import { createFakeApp } from '../../tools/fake-obsidian';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import manifestJson from '../../manifest.json';
import { until } from '../support/chat-view-harness';
import { REASON_PROMPT } from '../../src/agent/prompts/phase-prompts';
import type { ChatView } from '../../src/obsidian/chat/chat-view';
import { chatRequests, messagesSent } from '../support/wire-messages';

// Issue 29 item 2 (DESIGN.md 12.4): a palette command per custom prompt, and "New prompt".

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer({ scenarios: { answer: scenario().turn((t) => t.text('Done.')), 'prompt-model': scenario().turn((t) => t.text('Done by the prompt’s model.')) } });
});
afterAll(() => server.close());

async function loadPlugin() {
  const app = createFakeApp();
  await app.vault.createFolder('Glassbox/Prompts');
  await app.vault.create('Glassbox/Prompts/Summarize plan.md', '---\ndescription: The plan in brief\n---\nSummarize {[[Plan]]} in one line. {}');
  await app.vault.create('Glassbox/Prompts/Weigh plan.md', '---\nmodel: prompt-model\nloop: reason-act-observe\n---\nWeigh the risks in {[[Plan]]}.');
  await app.vault.create('Glassbox/Prompts/Fix grammar.md', 'Fix the grammar of {}.');
  await app.vault.create('Plan.md', '# Plan\nShip the alpha by March.\n');
  await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ provider: 'custom', baseUrl: server.url, model: 'answer', apiKeySecretName: '', attachOpenNote: false }));
  await app.loadPlugin(GlassboxPlugin, manifestJson);
  const names = () => Object.values(app.commands.commands).map((command) => command.name);
  // Runs a prompt's palette command once it is registered.
  const runPrompt = async (name: string) => {
    await until(() => names().includes(`Glassbox: Prompt: ${name}`));
    const id = Object.values(app.commands.commands).find((command) => command.name === `Glassbox: Prompt: ${name}`)!.id;
    await act(async () => {
      app.commands.executeCommandById(id);
      await Promise.resolve();
    });
  };
  return { app, names, runPrompt, close: () => act(async () => app.unloadPlugin(manifestJson.id)) };
}

describe('prompt commands', () => {
  it('each prompt is a palette command that runs it in the chat, its notes attached', async () => {
    const { runPrompt, close } = await loadPlugin();
    const before = chatRequests(server).length;
    await runPrompt('Summarize plan');
    await until(() => chatRequests(server).length > before);
    const question = messagesSent(chatRequests(server).at(-1)!).filter((message) => message.role === 'user').at(-1)?.content ?? '';
    expect(question).toContain('<attached path="Plan.md">');
    expect(question).toContain('Summarize [[Plan]] in one line. (nothing selected)');
    await close();
  });

  // Issue 38 item 7: a prompt that attached nothing ran without its "Prompt …" step.
  it('names a prompt in the trace also when it attaches no note', async () => {
    const { app, runPrompt, close } = await loadPlugin();
    await runPrompt('Fix grammar');
    const view = () => app.workspace.getLeavesOfType('glassbox-chat')[0].view as unknown as ChatView;
    await until(() => (view().contentEl.textContent ?? '').includes('Done.') && !view().controller.store.getState().running);
    expect(view().contentEl.textContent).toContain('Prompt "Fix grammar"');
    await close();
  });

  it("runs a prompt with its note's model and loop for that question only; the next question uses the chat's again", async () => {
    const { app, runPrompt, close } = await loadPlugin();
    const before = chatRequests(server).length;
    await runPrompt('Weigh plan');
    const view = () => app.workspace.getLeavesOfType('glassbox-chat')[0].view as unknown as ChatView;
    await until(() => chatRequests(server).length > before && !view().controller.store.getState().running);
    const promptRun = chatRequests(server).slice(before);
    expect(promptRun.map((request) => request.body?.model)).toEqual(promptRun.map(() => 'prompt-model'));
    // The reason-act-observe loop: its first request ends with the reason phase's prompt.
    expect(messagesSent(promptRun[0]).at(-1)).toEqual({ role: 'system', content: REASON_PROMPT });
    // The toolbar still shows the chat's model, and the trace says which model the prompt ran with.
    expect(view().controller.store.getState().model).toBe('answer');
    expect(view().contentEl.textContent).toContain('Prompt "Weigh plan" (model prompt-model, loop reason-act-observe)');
    const afterPrompt = chatRequests(server).length;
    await act(async () => view().controller.send('And the budget?'));
    await until(() => !view().controller.store.getState().running);
    const next = chatRequests(server).slice(afterPrompt);
    expect(next.map((request) => request.body?.model)).toEqual(next.map(() => 'answer'));
    expect(next.flatMap((request) => messagesSent(request)).some((message) => message.content === REASON_PROMPT)).toBe(false);
    // The saved note keeps the context step naming the prompt's model.
    const saved = app.vault.getMarkdownFiles().find((file) => file.path.startsWith('Glassbox/Conversations/'))!;
    expect(await app.vault.read(saved)).toContain('Prompt \\"Weigh plan\\" (model prompt-model, loop reason-act-observe)');
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

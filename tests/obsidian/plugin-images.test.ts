import { act, fireEvent, within } from '@testing-library/react/pure';
import GlassboxPlugin from '../../src/main';
import type { ChatView } from '../../src/obsidian/chat/chat-view';
import { createFakeApp } from '../../tools/fake-obsidian';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import manifestJson from '../../manifest.json';
import { sendMessage, until } from '../support/chat-view-harness';

// Issue 29 item 4 (DESIGN.md 12.4) in the real plugin on the fake host: an image pasted into the
// composer, or embedded in an attached note, goes as an image_url part through the real runner
// and openai SDK to the scripted server; a model not marked as taking images is told nothing of it.

// A 1×1 PNG (jsdom has no canvas, so it goes as it is: nothing to downscale).
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (char) => char.charCodeAt(0));
const DATA_URL = `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`;

let server: ModelServer;
beforeAll(async () => {
  const answer = scenario().turn((t) => t.text('Three boxes.'));
  server = await startModelServer({ scenarios: { vision: answer, 'text-only': answer } });
});
afterAll(() => server.close());

type Part = { type: string; image_url?: { url: string } };
type Body = { messages: { role: string; content: string | Part[] }[] };

async function loadPlugin(model: string) {
  const app = createFakeApp();
  await app.vault.createFolder('Boards');
  await app.vault.createBinary('Boards/whiteboard.png', PNG.buffer);
  await app.vault.create('Boards/Kickoff.md', '# Kickoff\n\n![[whiteboard.png]]\n');
  await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ provider: 'custom', baseUrl: server.url, model, apiKeySecretName: '', imageModels: 'vision, other', attachOpenNote: false }));
  const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
  await act(async () => {
    app.commands.executeCommandById('glassbox:open-chat');
    await Promise.resolve();
  });
  const view = () => app.workspace.getLeavesOfType('glassbox-chat')[0].view as unknown as ChatView;
  const ask = async (question: string) => {
    const before = server.requests.length;
    await sendMessage(view().contentEl, question);
    await until(() => !view().controller.store.getState().running);
    return server.requests.slice(before).map((request) => request.body as Body | null).filter((body): body is Body => Array.isArray(body?.messages));
  };
  return { app, plugin, view, ask, close: () => act(async () => app.unloadPlugin(manifestJson.id)) };
}

const parts = (body: Body) => body.messages.filter((message) => message.role === 'user').at(-1)?.content;

describe('images in the plugin', () => {
  it('a pasted image is saved as an attachment, shown as a chip and sent as an image_url part', async () => {
    const chat = await loadPlugin('vision');
    const input = within(chat.view().contentEl).getByTestId('composer-input');
    const file = new File([PNG], 'image.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.paste(input, { clipboardData: { files: [file], getData: () => '' } });
    });
    await until(() => within(chat.view().contentEl).queryAllByTestId('context-chip').length === 1);
    const saved = chat.app.vault.getFiles().find((candidate) => candidate.name.startsWith('Pasted image '));
    expect(saved?.extension).toBe('png');
    expect(within(chat.view().contentEl).getByTestId('context-chip').getAttribute('data-kind')).toBe('image');
    const bodies = await chat.ask('What is on this?');
    expect(parts(bodies[0])).toEqual([{ type: 'text', text: 'What is on this?' }, { type: 'image_url', image_url: { url: DATA_URL } }]);
    await chat.close();
  });

  it('an image embedded in an attached note is sent too, once', async () => {
    const chat = await loadPlugin('vision');
    const bodies = await chat.ask('What did we draw in [[Kickoff]]? See ![[whiteboard.png]]');
    const content = parts(bodies[0]);
    expect(Array.isArray(content) && content.filter((part) => part.type === 'image_url')).toEqual([{ type: 'image_url', image_url: { url: DATA_URL } }]);
    // Issue 38 item 4: the embed was also attached as a note, "(not sent)", "looks like binary data".
    const question = within(chat.view().contentEl).getAllByTestId('message-user').at(-1)!.textContent ?? '';
    expect(question).not.toContain('(not sent)');
    expect(JSON.stringify(chat.view().controller.store.getState().messages)).not.toContain('binary data');
    await chat.close();
  });

  it('a model not marked as taking images gets the question alone, and the trace says how to send them', async () => {
    const chat = await loadPlugin('text-only');
    const bodies = await chat.ask('What did we draw in [[Kickoff]]?');
    expect(typeof parts(bodies[0])).toBe('string');
    const steps = chat.view().controller.store.getState();
    const content = Object.values(steps.messages).map((message) => message.content).join('\n');
    expect(content).toContain('Not sent: whiteboard.png. Add text-only to \\"Models that take images\\" in the settings to send images to it');
    // Issue 38 item 4: said where the user looks too, above the composer, not only in the folded trace.
    expect(within(chat.view().contentEl).getByTestId('chat-notice').textContent).toBe('Not sent: whiteboard.png. Add text-only to "Models that take images" in the settings to send images to it');
    await chat.close();
  });
  it('a malformed % in an image link (question or attached note) is a notice for that image; the question is answered (issue 36)', async () => {
    const chat = await loadPlugin('vision');
    await chat.app.vault.create('Boards/Growth.md', '# Growth\n\n![chart](growth100%.png)\n\n![[whiteboard.png]]\n');
    const bodies = await chat.ask('How did we grow in [[Growth]]? ![bar](bar%zz.png)');
    const content = parts(bodies[0]);
    expect(Array.isArray(content) && content.filter((part) => part.type === 'image_url')).toEqual([{ type: 'image_url', image_url: { url: DATA_URL } }]);
    const state = chat.view().controller.store.getState();
    const text = Object.values(state.messages).map((message) => message.content).join('\n');
    expect(text).toContain('Three boxes.');
    expect(text).toContain('Not sent: the image link bar%zz.png has a % that is no valid escape (write %25 for a percent sign)');
    expect(text).toContain('Not sent: the image link growth100%.png has a % that is no valid escape (write %25 for a percent sign)');
    expect(text).not.toContain('URI malformed');
    await chat.close();
  });
});

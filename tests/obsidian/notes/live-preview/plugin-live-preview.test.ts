import { act } from '@testing-library/react';
import { EditorSelection } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import GlassboxPlugin from '../../../../src/main';
import { serializeConversationNote } from '../../../../src/conversation';
import { createFakeApp, editorInfoField, editorLivePreviewField } from '../../../../tools/fake-obsidian';
import manifestJson from '../../../../manifest.json';
import { DOCS_SAMPLE } from '../../../support/sample-conversations';

// The plugin's registered editor extension, in an editor set up as Obsidian sets up its Markdown
// editors (editorLivePreviewField, editorInfoField): blocks in Live Preview, raw in source mode.

const PATH = 'Glassbox/Conversations/Refunds.md';
const NOTE = serializeConversationNote(DOCS_SAMPLE, { clock: 'utc' });

async function editor(livePreview: boolean) {
  const app = createFakeApp({ files: { [PATH]: NOTE } });
  const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
  let view!: EditorView;
  // The renderer is loaded on the first block (import(), DESIGN.md 13.7): act lets it settle.
  await act(async () => {
    view = new EditorView({
      doc: NOTE,
      selection: EditorSelection.cursor(0),
      extensions: [editorLivePreviewField.init(() => livePreview), editorInfoField.init(() => ({ file: app.vault.getFileByPath(PATH) })), ...app.editorExtensions],
      parent: document.body.createDiv(),
    });
    await Promise.resolve();
  });
  return { app, plugin, view };
}

describe('the plugin in a Markdown editor', () => {
  afterEach(() => document.body.replaceChildren());

  it('registers one editor extension, which shows the block in Live Preview and is removed on unload', async () => {
    const { app, plugin, view } = await editor(true);
    expect(app.editorExtensions).toHaveLength(1);
    expect(view.contentDOM.querySelector('[data-testid="reasoning-label"]')?.textContent).toBe('Thought for 12s');
    expect(view.contentDOM.textContent).not.toContain('GLASSBOX_MESSAGE');
    act(() => view.destroy());
    await act(async () => plugin.unload());
    expect(app.editorExtensions).toHaveLength(0);
  });

  it('leaves the note raw in source mode', async () => {
    const { plugin, view } = await editor(false);
    expect(view.contentDOM.querySelector('[data-testid="reasoning-block"]')).toBeNull();
    expect(view.contentDOM.textContent).toContain('<!--GLASSBOX_MESSAGE:');
    act(() => view.destroy());
    await act(async () => plugin.unload());
  });
});

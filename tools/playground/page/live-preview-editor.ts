import { EditorView } from '@codemirror/view';
import { editorInfoField, editorLivePreviewField, type App, type TFile } from '../../fake-obsidian';
import { livePreviewMarkup } from './live-preview-markup';

/**
 * The note pane's Live Preview mode: a real CodeMirror 6 editor set up as Obsidian sets up its
 * Markdown editors (`editorLivePreviewField` true, `editorInfoField` naming the file) with every
 * extension plugins registered (`registerEditorExtension`), Glassbox's among them. Edits are
 * written back to the vault half a second after the last keystroke; `onSelection` hears each
 * change of the selection (the playground mirrors it into the workspace's Markdown view, whose
 * editor the plugin's editor commands and menu read).
 */
export function openLivePreviewEditor(options: { app: App; file: TFile; content: string; parent: HTMLElement; onSelection?: (view: EditorView) => void }): EditorView {
  const { app, file } = options;
  let pending: ReturnType<typeof setTimeout> | null = null;
  const view = new EditorView({
    doc: options.content,
    parent: options.parent,
    extensions: [
      editorLivePreviewField.init(() => true),
      editorInfoField.init(() => ({ file })),
      EditorView.lineWrapping,
      livePreviewMarkup,
      ...app.editorExtensions,
      EditorView.updateListener.of((update) => {
        if (update.selectionSet || update.docChanged) options.onSelection?.(update.view);
        if (!update.docChanged) return;
        if (pending !== null) clearTimeout(pending);
        pending = setTimeout(() => {
          pending = null;
          void app.vault.modify(file, update.view.state.doc.toString());
        }, 500);
      }),
    ],
  });
  return view;
}

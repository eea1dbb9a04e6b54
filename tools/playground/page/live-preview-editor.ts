import { EditorView } from '@codemirror/view';
import { editorInfoField, editorLivePreviewField, type App, type TFile } from '../../fake-obsidian';

/**
 * The note pane's Live Preview mode: a real CodeMirror 6 editor set up as Obsidian sets up its
 * Markdown editors (`editorLivePreviewField` true, `editorInfoField` naming the file) with every
 * extension plugins registered (`registerEditorExtension`), Glassbox's among them. Edits are
 * written back to the vault half a second after the last keystroke.
 */
export function openLivePreviewEditor(options: { app: App; file: TFile; content: string; parent: HTMLElement }): EditorView {
  const { app, file } = options;
  let pending: ReturnType<typeof setTimeout> | null = null;
  const view = new EditorView({
    doc: options.content,
    parent: options.parent,
    extensions: [
      editorLivePreviewField.init(() => true),
      editorInfoField.init(() => ({ file })),
      EditorView.lineWrapping,
      ...app.editorExtensions,
      EditorView.updateListener.of((update) => {
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

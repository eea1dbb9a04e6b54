import { StateField } from '@codemirror/state';
import type { TFile } from './files';

/**
 * Obsidian's `editorLivePreviewField`: true when a Markdown editor shows Live Preview, false in
 * source mode. The fake's editors (the playground's note pane) set it with `.init(() => mode)`.
 */
export const editorLivePreviewField = StateField.define<boolean>({ create: () => false, update: (value) => value });

/** What Obsidian's `editorInfoField` holds that the plugin reads: the file the editor shows. */
export interface FakeMarkdownFileInfo {
  readonly file: TFile | null;
}

/** Obsidian's `editorInfoField`: the editor's file; the fake's editors set it with `.init(...)`. */
export const editorInfoField = StateField.define<FakeMarkdownFileInfo>({ create: () => ({ file: null }), update: (value) => value });

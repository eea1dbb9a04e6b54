import { editorInfoField, editorLivePreviewField, type Plugin } from 'obsidian';
import type { GlassboxSettingsHost } from '../settings';
import { displayOptionsOf } from '../ui/reasoning/display-options';
import { conversationLivePreview, type MountReasoningBlock } from './notes/live-preview/conversation-live-preview';
import { createReadingViewProcessor } from './notes/reading-view-processor';
import { ObsidianHostServices } from './obsidian-host-services';

/**
 * Saved conversation notes show their "Thought for" blocks through the chat's one message
 * renderer: in reading view, and in Live Preview with the trailers hidden (source mode stays raw).
 * The post-processor and the editor extension are registered at load; the renderer (React and
 * the UI) is loaded with `import()` when the first conversation note needs a block (DESIGN.md
 * 13.7). Its modules are in main.js, so the promise settles within the task, before the page is
 * drawn.
 */
export function registerNoteRendering(plugin: Plugin, host: GlassboxSettingsHost, options: { readonly openInChat: (path: string) => void }): void {
  const services = new ObsidianHostServices(plugin.app);
  const displayOptions = () => displayOptionsOf(host.settings);
  plugin.registerMarkdownPostProcessor(createReadingViewProcessor({ vault: plugin.app.vault, host: services, displayOptions, openInChat: options.openInChat }));
  let mounter: Promise<MountReasoningBlock> | null = null;
  // The editor asks for a block synchronously; it is drawn into its container once loaded.
  const mountReasoning: MountReasoningBlock = (block) => {
    let unmount: (() => void) | null = null;
    let removed = false;
    mounter ??= import('./notes/live-preview/mount-reasoning-block').then(({ messageRendererMount }) =>
      messageRendererMount({ host: services, displayOptions, sourcePath: (state) => state.field(editorInfoField, false)?.file?.path ?? '' }),
    );
    void mounter.then((mount) => {
      if (!removed) unmount = mount(block);
    });
    return () => {
      removed = true;
      unmount?.();
    };
  };
  plugin.registerEditorExtension(conversationLivePreview({ isLivePreview: (state) => state.field(editorLivePreviewField, false) ?? false, mountReasoning, host: services }));
}

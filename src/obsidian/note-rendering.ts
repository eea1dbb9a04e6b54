import { editorInfoField, editorLivePreviewField, type MarkdownPostProcessorContext, type Plugin } from 'obsidian';
import type { GlassboxSettingsHost } from '../settings';
import { conversationLivePreview, type MountReasoningBlock } from './notes/live-preview/conversation-live-preview';
import type { ReadingViewProcessor } from './notes/reading-view-processor';
import { ObsidianHostServices } from './obsidian-host-services';

/**
 * Saved conversation notes show their "Thought for" blocks through the chat's one message
 * renderer: in reading view, and in Live Preview with the trailers hidden (source mode stays raw).
 * The post-processor and the editor extension are registered at load; the renderer (React, the
 * UI, markdown-it) is loaded with `import()` when the first note needs a block (DESIGN.md 13.7).
 * Its modules are in main.js, so the promise settles within the task, before the page is drawn.
 */
export function registerNoteRendering(plugin: Plugin, host: GlassboxSettingsHost, options: { readonly openInChat: (path: string) => void }): void {
  const services = new ObsidianHostServices(plugin.app);
  let processor: Promise<ReadingViewProcessor> | null = null;
  plugin.registerMarkdownPostProcessor(async (el: HTMLElement, ctx: MarkdownPostProcessorContext) => {
    processor ??= Promise.all([import('./notes/reading-view-processor'), import('../ui/reasoning/display-options')]).then(([{ createReadingViewProcessor }, { displayOptionsOf }]) =>
      createReadingViewProcessor({ vault: plugin.app.vault, host: services, displayOptions: () => displayOptionsOf(host.settings), openInChat: options.openInChat }),
    );
    await (await processor)(el, ctx);
  });
  let mounter: Promise<MountReasoningBlock> | null = null;
  // The editor asks for a block synchronously; it is drawn into its container once loaded.
  const mountReasoning: MountReasoningBlock = (block) => {
    let unmount: (() => void) | null = null;
    let removed = false;
    mounter ??= Promise.all([import('./notes/live-preview/mount-reasoning-block'), import('../ui/reasoning/display-options')]).then(([{ messageRendererMount }, { displayOptionsOf }]) =>
      messageRendererMount({ host: services, displayOptions: () => displayOptionsOf(host.settings), sourcePath: (state) => state.field(editorInfoField, false)?.file?.path ?? '' }),
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

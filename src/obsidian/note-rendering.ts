import { editorInfoField, editorLivePreviewField, type Plugin } from 'obsidian';
import type { GlassboxSettingsHost } from '../settings';
import { displayOptionsOf } from '../ui/reasoning/display-options';
import { conversationLivePreview } from './notes/live-preview/conversation-live-preview';
import { messageRendererMount } from './notes/live-preview/mount-reasoning-block';
import { createReadingViewProcessor } from './notes/reading-view-processor';
import { ObsidianHostServices } from './obsidian-host-services';

/**
 * Saved conversation notes show their "Thought for" blocks through the chat's one message
 * renderer: in reading view, and in Live Preview with the trailers hidden (source mode stays raw).
 */
export function registerNoteRendering(plugin: Plugin, host: GlassboxSettingsHost, options: { readonly openInChat: (path: string) => void }): void {
  const services = new ObsidianHostServices(plugin.app);
  const displayOptions = () => displayOptionsOf(host.settings);
  plugin.registerMarkdownPostProcessor(createReadingViewProcessor({ vault: plugin.app.vault, host: services, displayOptions, openInChat: options.openInChat }));
  plugin.registerEditorExtension(
    conversationLivePreview({
      isLivePreview: (state) => state.field(editorLivePreviewField, false) ?? false,
      mountReasoning: messageRendererMount({ host: services, displayOptions, sourcePath: (state) => state.field(editorInfoField, false)?.file?.path ?? '' }),
      host: services,
    }),
  );
}

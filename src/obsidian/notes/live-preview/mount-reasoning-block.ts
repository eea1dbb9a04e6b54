import type { EditorState } from '@codemirror/state';
import type { HostServices } from '../../../ui/host-services';
import { MessageRenderer } from '../../../ui/message/message-renderer';
import { RootRegistry } from '../../../ui/message/root-registry';
import type { ReasoningDisplayOptions } from '../../../ui/reasoning/display-options';
import type { MountReasoningBlock } from './conversation-live-preview';

/**
 * Mounts a Live Preview block through THE message renderer of the chat and reading views: the
 * marker alone is the message, so the renderer draws just its block (collapsed, no animation,
 * expandable). Unmounting releases its React root at once: the editor is removing the line.
 */
export function messageRendererMount(options: { host: HostServices; displayOptions: () => ReasoningDisplayOptions; sourcePath: (state: EditorState) => string }): MountReasoningBlock {
  return ({ container, marker, state }) => {
    const roots = new RootRegistry();
    const renderer = new MessageRenderer({ container, host: options.host, roots, sourcePath: options.sourcePath(state) });
    renderer.update({ content: marker, live: false, display: options.displayOptions() });
    return () => {
      renderer.destroy();
      roots.unmountAll();
    };
  };
}

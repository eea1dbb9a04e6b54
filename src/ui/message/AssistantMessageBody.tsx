import { memo, useLayoutEffect, useRef } from 'react';
import type { LiveRun } from '../../agent';
import { useChatServices } from '../chat/chat-services';
import { useChatSelector } from '../chat/useChatSelector';
import { MessageRenderer } from './message-renderer';

/** Props of {@link AssistantMessageBody}. */
export interface AssistantMessageBodyProps {
  /** The message: its live run's steps and answer (values, rendered without a marker) are read here. */
  readonly id: string;
  readonly content: string;
  readonly live: boolean;
}

/**
 * The bridge between React and the imperative {@link MessageRenderer}: one renderer per
 * message, made on mount, updated when the content or the message's live run changes, destroyed on unmount (which
 * releases its reasoning and banner roots).
 */
export const AssistantMessageBody = memo(function AssistantMessageBody({ id, content, live }: AssistantMessageBodyProps) {
  const { host, roots, display, sourcePath } = useChatServices();
  // Selected here, not by the message: a run changes every frame while it streams, and only the
  // body needs to render again then (not the message, its actions and its version switcher).
  const run: LiveRun | undefined = useChatSelector((state) => state.messages[id]?.run);
  const containerRef = useRef<HTMLDivElement>(null);
  const rendererRef = useRef<MessageRenderer | null>(null);

  // The note path (ChatPanel's `sourcePath`) is read when the renderer is made and handed over
  // when it changes, not a reason to make another: a new chat gets its path when its first turn
  // is saved, the moment its answer has just finished.
  const sourcePathRef = useRef(sourcePath);
  sourcePathRef.current = sourcePath;

  useLayoutEffect(() => {
    const container = containerRef.current;
    if (container === null) return undefined;
    const renderer = new MessageRenderer({ container, host, roots, sourcePath: sourcePathRef.current });
    rendererRef.current = renderer;
    return () => {
      renderer.destroy();
      rendererRef.current = null;
      container.replaceChildren();
    };
  }, [host, roots]);

  useLayoutEffect(() => {
    rendererRef.current?.setSourcePath(sourcePath);
  }, [sourcePath]);

  useLayoutEffect(() => {
    rendererRef.current?.update({ content, ...(run !== undefined ? { run } : {}), live, display });
  }, [content, run, live, display, host, roots]);

  return <div ref={containerRef} className="glassbox-message-body" data-testid="assistant-message-body" />;
});

import { memo, useLayoutEffect, useRef } from 'react';
import type { LiveRun } from '../../agent';
import { useChatServices } from '../chat/chat-services';
import { MessageRenderer } from './message-renderer';

/** Props of {@link AssistantMessageBody}. */
export interface AssistantMessageBodyProps {
  readonly content: string;
  /** The live run's steps and answer as values, while it goes on (rendered without a marker). */
  readonly run?: LiveRun;
  readonly live: boolean;
}

/**
 * The bridge between React and the imperative {@link MessageRenderer}: one renderer per
 * message, made on mount, updated when the content or the live run changes, destroyed on unmount (which
 * releases its reasoning and banner roots).
 */
export const AssistantMessageBody = memo(function AssistantMessageBody({ content, run, live }: AssistantMessageBodyProps) {
  const { host, roots, display, sourcePath } = useChatServices();
  const containerRef = useRef<HTMLDivElement>(null);
  const rendererRef = useRef<MessageRenderer | null>(null);

  useLayoutEffect(() => {
    const container = containerRef.current;
    if (container === null) return undefined;
    const renderer = new MessageRenderer({ container, host, roots, sourcePath });
    rendererRef.current = renderer;
    return () => {
      renderer.destroy();
      rendererRef.current = null;
      container.replaceChildren();
    };
  }, [host, roots, sourcePath]);

  useLayoutEffect(() => {
    rendererRef.current?.update({ content, ...(run !== undefined ? { run } : {}), live, display });
  }, [content, run, live, display, host, roots, sourcePath]);

  return <div ref={containerRef} className="glassbox-message-body" data-testid="assistant-message-body" />;
});

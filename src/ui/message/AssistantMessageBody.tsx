import { memo, useLayoutEffect, useRef } from 'react';
import { useChatServices } from '../chat/chat-services';
import { MessageRenderer } from './message-renderer';

/** Props of {@link AssistantMessageBody}. */
export interface AssistantMessageBodyProps {
  readonly content: string;
  readonly live: boolean;
}

/**
 * The bridge between React and the imperative {@link MessageRenderer}: one renderer per
 * message, made on mount, updated when the content changes, destroyed on unmount (which
 * releases its reasoning and banner roots).
 */
export const AssistantMessageBody = memo(function AssistantMessageBody({ content, live }: AssistantMessageBodyProps) {
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
    rendererRef.current?.update({ content, live, display });
  }, [content, live, display, host, roots, sourcePath]);

  return <div ref={containerRef} className="glassbox-message-body" data-testid="assistant-message-body" />;
});

import { memo, useContext, useLayoutEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import type { ChatMessage } from '../../chat';
import { ChatNotePathContext, useChatServices } from '../chat/chat-services';
import { MessageRenderer, type MessageRenderInput } from './message-renderer';

/** Props of {@link AssistantMessageBody}. */
export interface AssistantMessageBodyProps {
  /** The message: its content, live run (values, rendered without a marker) and live flag are read from the store. */
  readonly id: string;
}

/**
 * The bridge between the chat store and the imperative {@link MessageRenderer}: one renderer per
 * message, made on mount, destroyed on unmount (which releases its reasoning and banner roots).
 *
 * The body reads its message from the store itself and hands every published change to the
 * renderer from the store's listener, not through a React render: a live run changes every frame
 * while it streams, and re-rendering the body for it made React render and commit the panel's
 * root and then flush a passive effect in a task of its own, every frame (BENCHMARKS.md,
 * "Streaming", 2026-11-27 evening). React renders the body only when it mounts or the display
 * settings, the host or the note path change.
 */
export const AssistantMessageBody = memo(function AssistantMessageBody({ id }: AssistantMessageBodyProps) {
  const { controller, host, roots, display } = useChatServices();
  const sourcePath = useContext(ChatNotePathContext);
  const containerRef = useRef<HTMLDivElement>(null);
  const rendererRef = useRef<MessageRenderer | null>(null);
  const syncRef = useRef<() => void>(() => undefined);
  const displayRef = useRef(display);
  displayRef.current = display;

  // The note path (ChatPanel's `sourcePath`, its own context) is read when the renderer is made and handed over
  // when it changes, not a reason to make another: a new chat gets its path when its first turn
  // is saved, the moment its answer has just finished.
  const sourcePathRef = useRef(sourcePath);
  sourcePathRef.current = sourcePath;

  useLayoutEffect(() => {
    const container = containerRef.current;
    if (container === null) return undefined;
    const renderer = new MessageRenderer({ container, host, roots, sourcePath: sourcePathRef.current });
    rendererRef.current = renderer;
    const { store } = controller;
    let shownMessage: ChatMessage | undefined;
    let shown: MessageRenderInput | null = null;
    // Brings the renderer up to the published state; a publish that leaves this message as it was
    // is skipped. Every message's body is asked at each publish (every frame of a stream): an
    // unchanged message (the store replaces a message's values, never changes them) is told apart
    // without building its input.
    const sync = (render: (update: () => void) => void): void => {
      const state = store.getState();
      const message = state.messages[id];
      const live = state.liveMessageId === id;
      if (shown !== null && message === shownMessage && live === shown.live && displayRef.current === shown.display) return;
      shownMessage = message;
      const input = renderInput(message, live, displayRef.current);
      if (shown !== null && sameInput(shown, input)) return;
      shown = input;
      render(() => renderer.update(input));
    };
    syncRef.current = () => sync(now);
    // From the store (a frame callback, a user's action): the renderer's own roots (the reasoning
    // block, banners) render in this task, as they do from an effect of this component, not in a
    // later task of React's scheduler, a frame late. After the panel's selectors, so that the
    // flush renders what they scheduled in the same pass (one commit per root and publish).
    const unsubscribe = store.subscribeLast(() => sync(flushSync));
    sync(now);
    return () => {
      unsubscribe();
      syncRef.current = () => undefined;
      renderer.destroy();
      rendererRef.current = null;
      container.replaceChildren();
    };
  }, [controller, id, host, roots]);

  useLayoutEffect(() => {
    rendererRef.current?.setSourcePath(sourcePath);
  }, [sourcePath]);

  useLayoutEffect(() => {
    syncRef.current();
  }, [display]);

  return <div ref={containerRef} className="glassbox-message-body" data-testid="assistant-message-body" />;
});

/** What the renderer shows for `message` (a message's values in the store are replaced, never changed, when it changes). */
function renderInput(message: ChatMessage | undefined, live: boolean, display: MessageRenderInput['display']): MessageRenderInput {
  const content = message?.content ?? '';
  return message?.run === undefined ? { content, live, display } : { content, run: message.run, live, display };
}

function now(update: () => void): void {
  update();
}

function sameInput(a: MessageRenderInput, b: MessageRenderInput): boolean {
  return a.content === b.content && a.run === b.run && a.live === b.live && a.display === b.display;
}

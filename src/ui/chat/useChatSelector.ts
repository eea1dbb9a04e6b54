import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { ChatController, ChatState } from '../../chat';
import { useChatServices } from './chat-services';

/**
 * Reads one value of the chat state. Return a primitive (or an object the store keeps
 * identical, like the id list) so the component re-renders only when that value changes.
 */
export function useChatSelector<T>(selector: (state: ChatState) => T): T {
  const { controller } = useChatServices();
  // Callers pass a new closure every render. Given a new getSnapshot, React schedules an effect
  // after each commit to read the store again, so the hook keeps one getSnapshot per component
  // and lets it call the selector of the latest render.
  const latest = useRef(selector);
  latest.current = selector;
  const getSnapshot = useCallback(() => latest.current(controller.store.getState()), [controller]);
  return useSyncExternalStore(controller.store.subscribe, getSnapshot);
}

/** The chat's controller; only valid inside the chat panel. */
export function useChatController(): ChatController {
  return useChatServices().controller;
}

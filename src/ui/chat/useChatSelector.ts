import { useSyncExternalStore } from 'react';
import type { ChatController, ChatState } from '../../chat';
import { useChatServices } from './chat-services';

/**
 * Reads one value of the chat state. Return a primitive (or an object the store keeps
 * identical, like the id list) so the component re-renders only when that value changes.
 */
export function useChatSelector<T>(selector: (state: ChatState) => T): T {
  const { controller } = useChatServices();
  return useSyncExternalStore(controller.store.subscribe, () => selector(controller.store.getState()));
}

/** The chat's controller; only valid inside the chat panel. */
export function useChatController(): ChatController {
  return useChatServices().controller;
}

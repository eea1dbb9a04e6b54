import { useContext, useSyncExternalStore } from 'react';
import { ChatControllerContext } from './chat-contexts';
import type { ChatController } from './chat-controller';
import type { ChatState } from './chat-state';

/**
 * Reads one value of the chat state. Return a primitive (or an object the store keeps
 * identical, like the id list) so the component re-renders only when that value changes.
 */
export function useChatSelector<T>(selector: (state: ChatState) => T): T {
  const controller = useChatController();
  return useSyncExternalStore(controller.store.subscribe, () => selector(controller.store.getState()));
}

/** The chat's controller; only valid inside the chat panel. */
export function useChatController(): ChatController {
  const controller = useContext(ChatControllerContext);
  if (controller === null) throw new Error('useChatController needs a ChatControllerContext provider (the chat view provides it).');
  return controller;
}

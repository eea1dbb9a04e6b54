import { createContext, useContext } from 'react';
import type { ChatController } from '../../chat';
import type { HostServices } from '../host-services';
import type { ContextSources } from '../context/context-sources';
import type { RootRegistry } from '../message/root-registry';
import type { ReasoningDisplayOptions } from '../reasoning/display-options';

/**
 * Counts renders per message id. Only tests and benchmarks provide one; the panel renders the
 * same without it.
 */
export interface MessageRenderCounter {
  count(messageId: string): void;
}

/**
 * Everything the chat panel's components get from the view, in ONE context: the chat core,
 * the host (Markdown, links), where message roots register and the display settings as one
 * value. The view changes it only when one of them changes. (The note links resolve against
 * has its own context: {@link ChatNotePathContext}.)
 */
export interface ChatServices {
  readonly controller: ChatController;
  readonly host: HostServices;
  readonly roots: RootRegistry;
  readonly display: ReasoningDisplayOptions;
  readonly renderCounter: MessageRenderCounter | null;
  /** Chips and suggesters of what a question carries (DESIGN.md 11.1); null where there is no vault. */
  readonly context: ContextSources | null;
}

/** The chat panel provides it once, around everything it renders. */
export const ChatServicesContext = createContext<ChatServices | null>(null);

/**
 * The note path links in answers resolve against (the conversation's note, or ""), in a context
 * of its own: a new chat gets its note when its first turn is saved, and only the answers' bodies
 * read it, so the rest of the panel does not render again for it.
 */
export const ChatNotePathContext = createContext('');

/** The chat's services; only valid inside the chat panel. */
export function useChatServices(): ChatServices {
  const services = useContext(ChatServicesContext);
  if (services === null) throw new Error('useChatServices needs the ChatPanel around it (the chat view renders it).');
  return services;
}

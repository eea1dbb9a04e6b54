import { createContext } from 'react';
import { RootRegistry } from '../message/root-registry';
import { DEFAULT_DISPLAY_OPTIONS, type ReasoningDisplayOptions } from '../reasoning/display-options';
import type { ChatController } from './chat-controller';

/** The chat's controller; the view provides it once and it never changes while mounted. */
export const ChatControllerContext = createContext<ChatController | null>(null);

/** Where message renderers register their React roots, so the view can count and release them. */
export const RootRegistryContext = createContext<RootRegistry>(new RootRegistry());

/** The user's display settings for reasoning blocks. */
export const DisplayOptionsContext = createContext<ReasoningDisplayOptions>(DEFAULT_DISPLAY_OPTIONS);

/** The note path links in answers resolve against (the conversation's note, or ""). */
export const SourcePathContext = createContext<string>('');

/**
 * Counts renders per message id. Only tests and benchmarks provide one; the panel renders the
 * same without it.
 */
export interface MessageRenderCounter {
  count(messageId: string): void;
}

/** The optional {@link MessageRenderCounter}. */
export const MessageRenderCounterContext = createContext<MessageRenderCounter | null>(null);

import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Conversation } from '../../src/conversation';
import { ChatController } from '../../src/chat';
import { ChatNotePathContext, ChatServicesContext } from '../../src/ui/chat/chat-services';
import { useChatSelector } from '../../src/ui/chat/useChatSelector';
import type { HostServices } from '../../src/ui/host-services';
import { MessageItem } from '../../src/ui/message/MessageItem';
import { MessageList } from '../../src/ui/message/MessageList';
import { RootRegistry } from '../../src/ui/message/root-registry';
import { DEFAULT_DISPLAY_OPTIONS } from '../../src/ui/reasoning/display-options';
import { useLazyMessages } from '../../src/ui/message/useLazyMessages';
import { createFakeApp } from '../../tools/fake-obsidian';
import { fakeHostServices } from '../streaming/fake-host-services';

/** The baseline: every message rendered at once (what MessageList did before useLazyMessages). */
function EagerMessageList() {
  const ids = useChatSelector((state) => state.messageIds);
  return (
    <div className="glassbox-messages" role="log" aria-label="Conversation">
      {ids.map((id) => (
        <MessageItem key={id} id={id} />
      ))}
    </div>
  );
}

/** A list on useLazyMessages with a chosen first window. */
function LazyMessageList({ initial }: { readonly initial: number }) {
  const ids = useChatSelector((state) => state.messageIds);
  const { visible, hiddenCount, showEarlier } = useLazyMessages(ids, { initial });
  return (
    <div className="glassbox-messages" role="log" aria-label="Conversation">
      {hiddenCount > 0 ? (
        <button type="button" className="glassbox-show-earlier" onClick={showEarlier}>
          Show earlier messages ({hiddenCount})
        </button>
      ) : null}
      {visible.map((id) => (
        <MessageItem key={id} id={id} />
      ))}
    </div>
  );
}

function listFor(variant: 'eager' | 'message-list' | number) {
  if (variant === 'eager') return <EagerMessageList />;
  if (variant === 'message-list') return <MessageList />;
  return <LazyMessageList initial={variant} />;
}

/** What one opening measured. */
export interface OpenMeasurement {
  readonly firstPaintMs: number;
  readonly settledMs: number;
  readonly messages: number;
  readonly reasoningBlocks: number;
}

/** Mounts an empty chat list, then opens the conversation in it and measures. `variant`: every message, the app's own MessageList, or lazy with this many first. */
export async function measureOpen(options: { conversation: Conversation; variant: 'eager' | 'message-list' | number; clock: () => number; yieldTask: () => Promise<void> }): Promise<OpenMeasurement> {
  const host: HostServices = fakeHostServices(createFakeApp());
  const controller = new ChatController({
    prepareRun: () => Promise.reject(new Error('no runs in this benchmark')),
    runAgent: () => Promise.reject(new Error('no runs in this benchmark')),
    model: 'bench-model',
    loopStyle: 'tools',
    maxIterations: 10,
  });
  const roots = new RootRegistry();
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <ChatServicesContext.Provider value={{ controller, host, roots, display: DEFAULT_DISPLAY_OPTIONS, renderCounter: null, context: null }}>
        <ChatNotePathContext.Provider value="Glassbox/Conversations/Long.md">{listFor(options.variant)}</ChatNotePathContext.Provider>
      </ChatServicesContext.Provider>,
    ),
  );
  // The panel is on screen before the user opens a conversation: its effects (the store
  // subscriptions of useSyncExternalStore among them) have run: React runs them at the end of
  // flushSync; the wait for a frame and a task covers a renderer that runs them later.
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const started = options.clock();
  flushSync(() => controller.openConversation(options.conversation));
  const firstPaintMs = options.clock() - started;
  const messages = container.querySelectorAll('[data-message-id]').length;
  if (messages === 0) throw new Error('Opening the conversation rendered no message: the list was not subscribed to the store yet.');
  const expectedBlocks = container.querySelectorAll('[data-role="assistant"]').length;
  let reasoningBlocks = 0;
  for (let tries = 0; tries < 5000; tries += 1) {
    reasoningBlocks = container.querySelectorAll('[data-testid="reasoning-block"]').length;
    if (reasoningBlocks >= expectedBlocks) break;
    await options.yieldTask();
  }
  const settledMs = options.clock() - started;
  root.unmount();
  roots.unmountAll();
  await options.yieldTask();
  container.remove();
  return { firstPaintMs, settledMs, messages, reasoningBlocks };
}

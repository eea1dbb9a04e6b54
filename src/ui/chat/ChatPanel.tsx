import { type ReactNode, useMemo } from 'react';
import type { ChatController } from '../../chat';
import type { ContextSources } from '../context/context-sources';
import type { HostServices } from '../host-services';
import { MessageList } from '../message/MessageList';
import type { RootRegistry } from '../message/root-registry';
import type { ReasoningDisplayOptions } from '../reasoning/display-options';
import { ApprovalCard } from './ApprovalCard';
import { ChatNotePathContext, ChatServicesContext, type MessageRenderCounter } from './chat-services';
import { ChatToolbar, type ModelOption } from './ChatToolbar';
import { Composer } from './Composer';
import { InputRequestCard } from './InputRequestCard';
import { RunOptions } from './RunOptions';
import { SpentToday } from './SpentToday';
import { StatusLines } from './StatusLines';
import { useWarmNumberFormats } from './warm-number-formats';

/** Props of {@link ChatPanel}. */
export interface ChatPanelProps {
  readonly controller: ChatController;
  readonly host: HostServices;
  readonly roots: RootRegistry;
  readonly display: ReasoningDisplayOptions;
  readonly models?: readonly ModelOption[];
  /** Shown under the toolbar: the first run's "Find a local model" while no endpoint is set. */
  readonly banner?: ReactNode;
  readonly sourcePath?: string;
  /** Extra toolbar content from the host (the history list button). */
  readonly toolbarExtras?: ReactNode;
  /** Only tests and benchmarks pass one. */
  readonly renderCounter?: MessageRenderCounter;
  /** The chips above the composer and their suggesters; without it the composer has none. */
  readonly context?: ContextSources;
}

/**
 * The whole chat view (DESIGN.md 5): toolbar, messages, the open question, status lines,
 * run options and the composer. The view renders it into ONE React root; its components only
 * select from the chat core's store and call its controller.
 */
export function ChatPanel(props: ChatPanelProps) {
  const { controller, host, roots, display, sourcePath = '', renderCounter = null, context = null } = props;
  useWarmNumberFormats();
  const services = useMemo(() => ({ controller, host, roots, display, renderCounter, context }), [controller, host, roots, display, renderCounter, context]);
  return (
    <ChatServicesContext.Provider value={services}>
      <ChatNotePathContext.Provider value={sourcePath}>
        <div className="glassbox-chat" data-testid="chat-panel">
          <ChatToolbar models={props.models ?? []}>{props.toolbarExtras}</ChatToolbar>
          {props.banner}
          <MessageList />
          <InputRequestCard />
          <ApprovalCard />
          <StatusLines />
          <SpentToday />
          <RunOptions />
          <Composer />
        </div>
      </ChatNotePathContext.Provider>
    </ChatServicesContext.Provider>
  );
}

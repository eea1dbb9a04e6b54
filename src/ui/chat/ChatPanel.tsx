import type { ReactNode } from 'react';
import type { HostServices } from '../host-services';
import { HostServicesContext } from '../host-services';
import { MessageList } from '../message/MessageList';
import type { RootRegistry } from '../message/root-registry';
import type { ReasoningDisplayOptions } from '../reasoning/display-options';
import { ChatControllerContext, DisplayOptionsContext, type MessageRenderCounter, MessageRenderCounterContext, RootRegistryContext, SourcePathContext } from './chat-contexts';
import type { ChatController } from './chat-controller';
import { ChatToolbar } from './ChatToolbar';
import { Composer } from './Composer';
import { InputRequestCard } from './InputRequestCard';
import { RunOptions } from './RunOptions';
import { StatusLines } from './StatusLines';

/** Props of {@link ChatPanel}. */
export interface ChatPanelProps {
  readonly controller: ChatController;
  readonly host: HostServices;
  readonly roots: RootRegistry;
  readonly display: ReasoningDisplayOptions;
  readonly models?: readonly string[];
  readonly sourcePath?: string;
  /** Extra toolbar content from the host (the history list button). */
  readonly toolbarExtras?: ReactNode;
  /** Only tests and benchmarks pass one. */
  readonly renderCounter?: MessageRenderCounter;
}

/**
 * The whole chat view (DESIGN.md 5): toolbar, messages, the open question, status lines,
 * run options and the composer. The view renders it into ONE React root.
 */
export function ChatPanel(props: ChatPanelProps) {
  return (
    <ChatControllerContext.Provider value={props.controller}>
      <HostServicesContext.Provider value={props.host}>
        <RootRegistryContext.Provider value={props.roots}>
          <DisplayOptionsContext.Provider value={props.display}>
            <SourcePathContext.Provider value={props.sourcePath ?? ''}>
              <MessageRenderCounterContext.Provider value={props.renderCounter ?? null}>
                <div className="glassbox-chat" data-testid="chat-panel">
                  <ChatToolbar models={props.models ?? []}>{props.toolbarExtras}</ChatToolbar>
                  <MessageList />
                  <InputRequestCard />
                  <StatusLines />
                  <RunOptions />
                  <Composer />
                </div>
              </MessageRenderCounterContext.Provider>
            </SourcePathContext.Provider>
          </DisplayOptionsContext.Provider>
        </RootRegistryContext.Provider>
      </HostServicesContext.Provider>
    </ChatControllerContext.Provider>
  );
}

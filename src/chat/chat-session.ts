import { titleFromQuestion } from '../conversation';
import { ChatController, type ChatControllerOptions } from './chat-controller';
import { type ChatState, orderedMessages } from './chat-state';
import { DraftContext } from './draft-context';
import { t } from '../i18n';

/** What a session asks the user to look at: its run ended, or it waits for them. */
export interface ChatAttention {
  /** `answered` / `failed`: the run ended; `approval` / `question`: it waits for the user. */
  readonly kind: 'answered' | 'failed' | 'approval' | 'question';
  /** The question the user asked ('' when there is none). */
  readonly question: string;
  /** What waits: the approval card's title or the run's question ('' when the run ended). */
  readonly waiting: string;
}

/** Collaborators of a {@link ChatSession}: the controller's, and the draft's setting. */
export interface ChatSessionOptions extends Omit<ChatControllerOptions, 'onInputRequest' | 'onToolsRefused'> {
  /** The session's id, stable for as long as the plugin runs (a tab names its session by it). */
  readonly id: string;
  /** Whether the open note is attached to a question by default (read at each use). */
  readonly attachOpenNote: () => boolean;
}

/**
 * One conversation the user keeps going (DESIGN.md 12.2): the controller and its run, the draft of
 * what the next question carries, and the note it is saved in (in the controller's state). The
 * plugin owns sessions; a chat view attaches to one and detaches, so a run goes on, and is saved,
 * while no view shows it, and a view that shows the session again shows where the run got to.
 */
export class ChatSession {
  readonly id: string;
  readonly controller: ChatController;
  /** What the next question carries (the chips above the composer). */
  readonly draft: DraftContext;
  private readonly attentionListeners = new Set<(attention: ChatAttention) => void>();
  /** The models the server refused tools for in this session's runs, with the server's words. */
  private readonly refused = new Map<string, string>();
  private readonly refusalListeners = new Set<(modelName: string, reason: string) => void>();
  private seen: ChatState;
  private readonly unsubscribe: () => void;

  constructor(options: ChatSessionOptions) {
    this.id = options.id;
    this.controller = new ChatController({
      ...options,
      onInputRequest: (request) => this.notify({ kind: 'question', question: lastQuestion(this.controller.store.current()), waiting: request.question }),
      onToolsRefused: (modelName, reason) => {
        this.refused.set(modelName, reason);
        for (const listener of [...this.refusalListeners]) listener(modelName, reason);
      },
    });
    this.draft = new DraftContext({ attachOpenNote: options.attachOpenNote });
    this.seen = this.controller.store.getState();
    this.unsubscribe = this.controller.store.subscribe(() => this.watch());
  }

  /** The note the conversation is saved in ('' before its first save). */
  get notePath(): string {
    return this.controller.store.getState().notePath;
  }

  /** The conversation's name, as its tab shows it: its title, else its first question's. */
  title(): string {
    const state = this.controller.store.getState();
    if (state.conversation.title !== '') return state.conversation.title;
    const first = orderedMessages(state).find((message) => message.role === 'user')?.content ?? '';
    return first === '' ? t('chat.newChat') : titleFromQuestion(first);
  }

  /** Whether the session holds nothing to keep: no message, no run. */
  isEmpty(): boolean {
    const state = this.controller.store.getState();
    return state.messageIds.length === 0 && !state.running;
  }

  /** Whether there is nothing to keep at all: empty, and no text typed for the next question. */
  holdsNothing(): boolean {
    return this.isEmpty() && this.draft.text.trim() === '';
  }

  /** What the run waits for from the user (an approval card, its question), or null. */
  waiting(): ChatAttention | null {
    const state = this.controller.store.getState();
    const question = lastQuestion(state);
    if (state.pendingApproval !== null) return { kind: 'approval', question, waiting: state.pendingApproval.title };
    if (state.pendingInput !== null && state.running) return { kind: 'question', question, waiting: state.pendingInput.question };
    return null;
  }

  /** Calls `listener` when the run ends or waits for the user; returns the unsubscribe function. */
  onAttention(listener: (attention: ChatAttention) => void): () => void {
    this.attentionListeners.add(listener);
    return () => this.attentionListeners.delete(listener);
  }

  /** The models the server refused tools for in this session's runs, with the server's words. */
  toolsRefused(): ReadonlyMap<string, string> {
    return this.refused;
  }

  /** Calls `listener` when a run of this session meets a server that refuses tools; returns the unsubscribe function. */
  onToolsRefused(listener: (modelName: string, reason: string) => void): () => void {
    this.refusalListeners.add(listener);
    return () => this.refusalListeners.delete(listener);
  }

  /** Stops the run (the plugin unloads); a question still open stays answerable in the note. */
  dispose(): void {
    this.unsubscribe();
    this.attentionListeners.clear();
    this.refusalListeners.clear();
    this.controller.dispose();
  }

  // A run's end and an approval card are read from the published state; the run's own
  // question comes through the controller's callback (a reopened note's question is no news).
  private watch(): void {
    const previous = this.seen;
    const next = this.controller.store.getState();
    this.seen = next;
    // A chat left for another (new chat, history) is not a run that ended.
    if (previous.liveMessageId !== null && next.messages[previous.liveMessageId] === undefined) return;
    if (previous.pendingApproval === null && next.pendingApproval !== null) {
      this.notify({ kind: 'approval', question: lastQuestion(next), waiting: next.pendingApproval.title });
    }
    if (previous.running && !next.running && next.pendingInput === null) {
      this.notify({ kind: next.error === null ? 'answered' : 'failed', question: lastQuestion(next), waiting: '' });
    }
  }

  private notify(attention: ChatAttention): void {
    for (const listener of this.attentionListeners) listener(attention);
  }
}

/** The last question the user asked in `state` ('' when none). */
function lastQuestion(state: ChatState): string {
  const messages = orderedMessages(state);
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    if (messages[index].role === 'user') return messages[index].content;
  }
  return '';
}

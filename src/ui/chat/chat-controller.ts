import type { AgentInputOutcome, AgentInputRequest, AgentLoopStyle, AgentRunOptions, AgentRunResult } from '../../agent/agent-run-options';
import type { AgentTool } from '../../agent/agent-tool';
import type { AgentEvent } from '../../agent/events';
import { type Conversation, createConversation, createMessageId, titleFromQuestion } from '../../conversation';
import type { ChatModel, LlmMessage } from '../../llm/chat-types';
import { stripMarkers } from '../../markers';
import { toHistory } from './chat-history';
import { userMessageOf } from './user-message-of';
import { type ChatMessage, type ChatState, orderedMessages, withMessage } from './chat-state';
import { ChatStore } from './chat-store';
import { type FrameScheduler, animationFrameScheduler } from './frame-scheduler';
import { RunAccumulator } from './run-accumulator';
import { finishedMessage, type RunTurn } from './run-turn';
import { type SavedInputOutcome, closeSavedQuestion, continuationOf, pendingInputOf, reopenedQuestion, withoutPendingInput } from './saved-question';

/** What a run needs from the host, built fresh for each send (settings may have changed). */
export interface ChatRunSetup {
  readonly model: ChatModel;
  readonly tools: readonly AgentTool[];
  /** Shown above the composer, e.g. while the vault index is still being built. */
  readonly notice?: string;
}

/** Collaborators of a {@link ChatController}. */
export interface ChatControllerOptions {
  /** Builds the model client and the tools; throw an error with a `userMessage` to show it. */
  readonly prepareRun: (modelName: string) => Promise<ChatRunSetup>;
  /** The agent runner (`runAgent` of src/agent). */
  readonly runAgent: (options: AgentRunOptions) => Promise<AgentRunResult>;
  readonly model: string;
  readonly loopStyle: AgentLoopStyle;
  readonly maxIterations: number;
  /**
   * Saves the conversation once per turn (complete, stopped or error), and once when a run
   * pauses on a `request_input` question. It may resolve to the conversation as saved (ids
   * filled in), which the chat then keeps.
   */
  readonly onTurnEnd?: (conversation: Conversation) => void | Promise<Conversation | void>;
  /** How long a `request_input` question waits, read at each send. */
  readonly inputTimeoutMs?: () => number;
  /** The run asked the user something (the view pulses its icon when hidden). */
  readonly onInputRequest?: (request: AgentInputRequest) => void;
  readonly now?: () => number;
  readonly scheduleFrame?: FrameScheduler;
}

interface OpenQuestion {
  readonly requestId: string;
  readonly resolve: (outcome: AgentInputOutcome) => void;
}

/**
 * The chat's behaviour, apart from React: sends a question through the agent, feeds the events
 * into the {@link ChatStore}, answers `request_input`, stops runs and starts new chats.
 */
export class ChatController {
  readonly store: ChatStore;
  private abort: AbortController | null = null;
  private question: OpenQuestion | null = null;
  /** The run in progress (the one `this.abort` stops). */
  private turn: RunTurn | null = null;
  /** The assistant message of a reopened chat whose question is still open (no run behind it). */
  private savedQuestion: string | null = null;
  private requestCounter = 0;
  /** The chat a run belongs to when the user started a new chat before it ended; it is still saved. */
  private detached: ChatState | null = null;
  private readonly now: () => number;

  constructor(private readonly options: ChatControllerOptions) {
    this.now = options.now ?? Date.now;
    this.store = new ChatStore(this.emptyState(createConversation({ model: options.model, now: this.now() })), options.scheduleFrame ?? animationFrameScheduler());
  }

  /** Sends `text`, or answers the open question with it. Resolves when the turn has ended. */
  async send(text: string): Promise<void> {
    const question = text.trim();
    if (question === '') return;
    if (this.question !== null) {
      this.answerInput(question);
      return;
    }
    if (this.savedQuestion !== null) return this.closeSavedQuestion({ outcome: 'answered', answer: question });
    if (this.store.current().running) return;
    await this.runTurn(question, toHistory(orderedMessages(this.store.current())));
  }

  // One run: the user message, the live assistant message, the agent, and the save at its end.
  private async runTurn(question: string, history: readonly LlmMessage[]): Promise<void> {
    const sentAt = this.now();
    const user: ChatMessage = { id: createMessageId(sentAt), role: 'user', at: sentAt, content: question };
    const assistant: ChatMessage = { id: createMessageId(sentAt + 1), role: 'assistant', at: sentAt, content: '' };
    this.store.update((state) => ({ ...withMessage(withMessage(state, user), assistant), liveMessageId: assistant.id, running: true, error: null, notice: null }), 'now');
    const abort = new AbortController();
    this.abort = abort;
    const accumulator = new RunAccumulator();
    const turn: RunTurn = { assistantId: assistant.id, accumulator, abort, paused: null, keepQuestion: false };
    this.turn = turn;
    let result: AgentRunResult | null = null;
    let error: string | null = null;
    try {
      const state = this.store.current();
      const setup = await this.options.prepareRun(state.model);
      if (setup.notice) this.store.update((current) => ({ ...current, notice: setup.notice ?? null }), 'soon');
      result = await this.options.runAgent({
        model: setup.model,
        modelName: state.model,
        tools: setup.tools,
        question,
        history,
        signal: abort.signal,
        loopStyle: state.loopStyle,
        maxIterations: state.maxIterations,
        startedAt: sentAt,
        now: this.now,
        ...(this.options.inputTimeoutMs ? { inputTimeoutMs: this.options.inputTimeoutMs() } : {}),
        onEvent: (event) => this.onEvent(event, turn),
        askUser: (request, signal) => this.askUser(request, signal),
      });
      if (result.status === 'error') error = result.error ?? 'The run failed.';
    } catch (thrown) {
      error = userMessageOf(thrown);
    }
    this.finishTurn({ turn, result, error });
  }

  /** Stops the run in progress (its AbortController aborts the request and every tool). */
  stop(): void {
    this.abort?.abort();
  }

  /**
   * Answers the open `request_input` question. A question reopened from a note (its run is gone)
   * is answered by a new turn: the answer as the user's message, and a run that continues from
   * the asking turn (docs/decisions/answer-reopened-question.md).
   */
  answerInput(answer: string): void {
    if (this.savedQuestion !== null) {
      void this.closeSavedQuestion({ outcome: 'answered', answer });
      return;
    }
    this.closeQuestion({ outcome: 'answered', answer });
  }

  /** Dismisses the open question; the run goes on without an answer (a reopened one is closed and saved). */
  dismissInput(): void {
    if (this.savedQuestion !== null) {
      void this.closeSavedQuestion({ outcome: 'dismissed' });
      return;
    }
    this.closeQuestion({ outcome: 'dismissed' });
  }

  /** Stops any run and starts an empty conversation. */
  newChat(): void {
    this.detachRunningChat();
    const { model, loopStyle, maxIterations } = this.store.current();
    this.store.update(() => ({ ...this.emptyState(createConversation({ model, now: this.now() })), model, loopStyle, maxIterations }), 'now');
  }

  /** Shows a saved conversation (reopened from history); its blocks render as reloaded. */
  openConversation(conversation: Conversation): void {
    this.detachRunningChat();
    const { loopStyle, maxIterations, model } = this.store.current();
    let state: ChatState = { ...this.emptyState(conversation), model, loopStyle, maxIterations };
    conversation.messages.forEach((message, index) => {
      state = withMessage(state, { ...message, id: message.id ?? `m${index + 1}` });
    });
    // A turn saved while it waited for the user: its question is shown again and can be answered.
    const reopened = reopenedQuestion(state);
    if (reopened !== null) {
      this.savedQuestion = reopened.messageId;
      state = { ...state, pendingInput: reopened.pendingInput };
    }
    this.store.update(() => state, 'now');
  }

  /** Changes the model, loop style or iteration limit for the next run. */
  configureNextRun(change: Partial<Pick<ChatState, 'model' | 'loopStyle' | 'maxIterations'>>): void {
    this.store.update((state) => ({ ...state, ...change }), 'now');
  }

  /** The last assistant answer with every marker stripped ("insert last answer at cursor"). */
  lastAnswer(): string | null {
    const messages = orderedMessages(this.store.current());
    for (let index = messages.length - 1; index >= 0; index -= 1) {
      const message = messages[index];
      if (message.role !== 'assistant') continue;
      const answer = stripMarkers(message.content).trim();
      if (answer !== '') return answer;
    }
    return null;
  }

  /** The conversation as it stands, messages included. */
  conversation(state: ChatState = this.store.current()): Conversation {
    const messages = orderedMessages(state);
    const firstQuestion = messages.find((message) => message.role === 'user')?.content ?? '';
    return {
      ...state.conversation,
      title: state.conversation.title || (firstQuestion ? titleFromQuestion(firstQuestion) : ''),
      model: state.model,
      updatedAt: this.now(),
      messages,
    };
  }

  /** Stops the run; the view calls it on close. A question still open stays answerable in the note. */
  dispose(): void {
    this.keepOpenQuestion();
    this.stop();
  }

  private onEvent(event: AgentEvent, turn: RunTurn): void {
    const { accumulator, assistantId } = turn;
    const changed = accumulator.apply(event);
    if (changed) {
      this.store.update((state) => {
        const message = state.messages[assistantId];
        if (message === undefined) return state;
        const content = accumulator.content();
        return content === message.content ? state : withMessage(state, { ...message, content });
        // A new or changed step shows at once when this frame has not published yet (DESIGN.md 10:
        // each step on screen within one frame); text deltas wait for the frame.
      }, event.type === 'step' ? 'soon' : event.type === 'text_delta' ? 'text' : 'frame');
    }
    if (event.type === 'input_request') {
      // The run waits, maybe for hours: save the turn now, question included (issue 7).
      const paused = { content: accumulator.content(), pendingInput: pendingInputOf(event) };
      turn.paused = paused;
      this.store.update((state) => {
        const message = state.messages[assistantId];
        return message === undefined ? state : withMessage(state, { ...message, content: paused.content, pendingInput: paused.pendingInput });
      }, 'soon');
      if (this.store.current().messages[assistantId] !== undefined) void this.save(this.conversation());
    }
    if (event.type === 'input_response' && !turn.keepQuestion) {
      turn.paused = null;
      this.store.update((state) => {
        const message = state.messages[assistantId];
        return message === undefined ? state : withMessage(state, withoutPendingInput(message));
      });
    }
    // The end of a run publishes with the frame like every other event (DESIGN.md 10): at most
    // one commit per frame, the finished turn included (finishTurn publishes it at once when
    // the frame has not published yet).
  }

  // The view closes or the chat is left while a question waits: the run stops, the question stays.
  private keepOpenQuestion(): void {
    if (this.question !== null && this.turn !== null) this.turn.keepQuestion = true;
  }

  private async closeSavedQuestion(outcome: SavedInputOutcome): Promise<void> {
    const messageId = this.savedQuestion;
    this.savedQuestion = null;
    const state = this.store.current();
    const message = messageId === null ? undefined : state.messages[messageId];
    if (message === undefined) return;
    const messages = orderedMessages(state);
    const before = messages.slice(0, messages.findIndex((candidate) => candidate.id === message.id));
    const history = [...toHistory(before), ...continuationOf(message, outcome)];
    this.store.update((current) => ({ ...withMessage(current, closeSavedQuestion(message, outcome)), pendingInput: null }), 'now');
    // A dismissal ends the matter; an answer is the next turn, saved at its end with the closed question.
    if (outcome.outcome === 'dismissed') return this.save(this.conversation());
    await this.runTurn(outcome.answer, history);
  }

  private askUser(request: AgentInputRequest, signal: AbortSignal): Promise<AgentInputOutcome> {
    this.requestCounter += 1;
    const requestId = `input-${this.requestCounter}`;
    return new Promise<AgentInputOutcome>((resolve) => {
      const onAbort = (): void => this.closeQuestion({ outcome: 'dismissed' });
      this.question = {
        requestId,
        resolve: (outcome) => {
          signal.removeEventListener('abort', onAbort);
          resolve(outcome);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.store.update((state) => ({ ...state, pendingInput: { requestId, question: request.question, options: request.options ?? [] } }), 'soon');
      this.options.onInputRequest?.(request);
    });
  }

  private closeQuestion(outcome: AgentInputOutcome): void {
    const open = this.question;
    if (open === null) return;
    this.question = null;
    this.store.update((state) => ({ ...state, pendingInput: null }), 'now');
    open.resolve(outcome);
  }

  private finishTurn(options: { turn: RunTurn; result: AgentRunResult | null; error: string | null }): void {
    // A run the user left for a new chat must not clear the next run's controller or question.
    if (this.abort !== options.turn.abort) return this.finishDetached(options);
    this.abort = null;
    this.turn = null;
    this.closeQuestion({ outcome: 'dismissed' });
    const finish = (state: ChatState): ChatState => {
      const message = state.messages[options.turn.assistantId];
      if (message === undefined) return state;
      return { ...withMessage(state, finishedMessage(message, options)), liveMessageId: null, running: false, error: options.error };
    };
    this.store.update(finish, 'soon');
    void this.save(this.conversation());
  }

  // The user moved on to another chat: the stopped turn is still saved to its own note.
  private finishDetached(options: { turn: RunTurn; result: AgentRunResult | null; error: string | null }): void {
    const detached = this.detached;
    if (detached === null) return;
    this.detached = null;
    const message = detached.messages[options.turn.assistantId];
    if (message === undefined) return;
    const state = { ...withMessage(detached, finishedMessage(message, options)), liveMessageId: null, running: false, error: options.error };
    void this.save(this.conversation(state));
  }

  private detachRunningChat(): void {
    if (this.store.current().running) this.detached = this.store.current();
    this.keepOpenQuestion();
    this.stop();
    this.abort = null;
    this.turn = null;
    this.savedQuestion = null;
    this.closeQuestion({ outcome: 'dismissed' });
  }

  private async save(conversation: Conversation): Promise<void> {
    if (this.options.onTurnEnd === undefined) return;
    try {
      const saved = await this.options.onTurnEnd(conversation);
      if (saved) {
        // Keep the note's identity (an adopted id, the frontmatter) for the next save of this chat.
        this.store.update((state) => (state.conversation.id === conversation.id
          ? { ...state, conversation: { ...saved, messages: [] } }
          : state), 'soon');
      }
    } catch (thrown) {
      const message = `The conversation could not be saved: ${userMessageOf(thrown)}`;
      this.store.update((state) => ({ ...state, error: message }), 'soon');
    }
  }

  private emptyState(conversation: Conversation): ChatState {
    return {
      conversation,
      messageIds: [],
      messages: {},
      liveMessageId: null,
      running: false,
      error: null,
      notice: null,
      pendingInput: null,
      model: this.options.model,
      loopStyle: this.options.loopStyle,
      maxIterations: this.options.maxIterations,
    };
  }
}

import type { AgentApprovalDecision, AgentInputRequest, AgentLoopStyle, AgentRunOptions, AgentRunResult, QuestionContext } from '../agent';
import { CONTINUE_QUESTION, type Conversation, createConversation, shownAtFor, shownMessages } from '../conversation';
import type { LlmErrorAdvice } from '../llm';
import { stripMarkers } from '../markers';
import { alternatesOfAnswer, regenerableAnswerId } from './answer-versions';
import { toHistory } from './chat-history';
import { resumableMessageId } from './resumable-turn';
import { ChatPersistence, type ConversationSaver } from './chat-persistence';
import { type ChatState, emptyChatState, orderedMessages, savedContentOf, withMessage } from './chat-state';
import { ChatStore } from './chat-store';
import { ChatTurns, type ChatApprovalMemory, type ChatRunRequest, type ChatRunSetup } from './chat-turns';
import { type FrameScheduler, animationFrameScheduler } from './frame-scheduler';
import { withoutLastTurn } from './last-turn';
import { PendingApproval } from './pending-approval';
import { PendingQuestion } from './pending-question';
import { questionContextOf } from './regenerated-question';
import { type SavedInputOutcome, closeSavedQuestion, continuationOf, reopenedQuestion } from './saved-question';

export type { ChatApprovalMemory, ChatRunRequest, ChatRunSetup } from './chat-turns';

/** Collaborators of a {@link ChatController}. */
export interface ChatControllerOptions {
  /** Builds the model client and the tools and reads the question's attachments; throw an error with a `userMessage` to show it. */
  readonly prepareRun: (modelName: string, request: ChatRunRequest) => Promise<ChatRunSetup>;
  /** The agent runner (`runAgent` of src/agent). */
  readonly runAgent: (options: AgentRunOptions) => Promise<AgentRunResult>;
  readonly model: string;
  readonly loopStyle: AgentLoopStyle;
  readonly maxIterations: number;
  /** Where each turn's conversation is saved (see {@link ConversationSaver}). */
  readonly saver?: ConversationSaver;
  /** How long a `request_input` question waits, read at each send. */
  readonly inputTimeoutMs?: () => number;
  /** Where "always" / "never" approvals are kept (settings); without it every such call asks. */
  readonly approvalMemory?: ChatApprovalMemory;
  /** How the host words what fixes a provider error (the plugin: its settings tab); without it the errors' own host-neutral advice. */
  readonly errorAdvice?: LlmErrorAdvice;
  /** The server refused tools for `modelName` during a run (the session keeps it; nothing is written from inside the run). */
  readonly onToolsRefused?: (modelName: string, reason: string) => void;
  /** The run asked the user something (the view pulses its icon when hidden). */
  readonly onInputRequest?: (request: AgentInputRequest) => void;
  readonly now?: () => number;
  readonly scheduleFrame?: FrameScheduler;
}

/**
 * The chat's behaviour, apart from React and Obsidian: what the user can do, routed to the part
 * that owns it: runs ({@link ChatTurns}), the live question ({@link PendingQuestion}), saving
 * ({@link ChatPersistence}); everything on screen is in the {@link ChatStore}.
 */
export class ChatController {
  readonly store: ChatStore;
  private readonly question: PendingQuestion;
  private readonly approval: PendingApproval;
  private readonly persistence: ChatPersistence;
  private readonly turns: ChatTurns;
  /** The assistant message of a reopened chat whose question is still open (no run behind it). */
  private savedQuestion: string | null = null;
  /** What the last question sent in this session attached; an edited question is sent again with it. */
  private lastContext: QuestionContext | undefined;
  /** The text of that question: a regenerated answer to it attaches the same (a selection's text included). */
  private lastContextQuestion: string | null = null;
  private readonly now: () => number;

  constructor(private readonly options: ChatControllerOptions) {
    const now = options.now ?? Date.now;
    this.now = now;
    this.store = new ChatStore(this.emptyState(createConversation({ model: options.model, now: now() })), options.scheduleFrame ?? animationFrameScheduler());
    this.question = new PendingQuestion(this.store, options.onInputRequest);
    this.approval = new PendingApproval(this.store);
    this.persistence = new ChatPersistence(this.store, now, options.saver);
    this.turns = new ChatTurns(this.store, this.question, this.approval, this.persistence, {
      prepareRun: options.prepareRun,
      runAgent: options.runAgent,
      now,
      ...(options.inputTimeoutMs ? { inputTimeoutMs: options.inputTimeoutMs } : {}),
      ...(options.approvalMemory ? { approvalMemory: options.approvalMemory } : {}),
      ...(options.errorAdvice ? { errorAdvice: options.errorAdvice } : {}),
      ...(options.onToolsRefused ? { onToolsRefused: options.onToolsRefused } : {}),
    });
  }

  /**
   * Sends `text` with what the user attached to it (notes, a selection, a scope; DESIGN.md 11.1),
   * or answers the open question with it (the context is then not used). Resolves when the turn has ended.
   */
  async send(text: string, context?: QuestionContext): Promise<void> {
    const question = text.trim();
    if (question === '') return;
    if (this.savedQuestion !== null) return this.closeSavedQuestion({ outcome: 'answered', answer: question });
    if (this.question.isOpen) return this.answerInput(question);
    if (this.store.current().running) return;
    this.rememberContext(question, context);
    await this.turns.run(question, toHistory(orderedMessages(this.store.current())), context);
  }

  /**
   * Continues the last run after a stop or the step limit (DESIGN.md 11.2): a new turn whose
   * question is {@link CONTINUE_QUESTION}, sent after the whole conversation with the stopped
   * turn's transcript (its tool calls and every tool result), with the model and loop that turn ran
   * with when a prompt chose them. Does nothing when no run can be continued.
   */
  async continueRun(): Promise<void> {
    const state = this.store.current();
    const resumes = resumableMessageId(state);
    if (this.savedQuestion !== null || resumes === null) return;
    await this.turns.run(CONTINUE_QUESTION, toHistory(orderedMessages(state)), undefined, { resumes });
  }

  /**
   * Sends an edited version of the last question again: that turn (question and answer) is
   * replaced by the new one, in the chat and in its saved note, with what was attached to it
   * (known for questions sent in this session). Only between runs.
   */
  async resendLastQuestion(text: string): Promise<void> {
    const question = text.trim();
    const state = this.store.current();
    if (question === '' || state.running || this.question.isOpen || this.savedQuestion !== null) return;
    const earlier = withoutLastTurn(state);
    if (earlier === null) return;
    this.store.update(() => earlier, 'now');
    this.rememberContext(question, this.lastContext);
    await this.turns.run(question, toHistory(orderedMessages(earlier)), this.lastContext);
  }

  /**
   * "Regenerate" (DESIGN.md 12.3): asks the question of the last shown answer again, with the
   * conversation before it. The new answer is kept beside the old one as its alternate and shown;
   * the saved note keeps both. Only on the last answer, between runs.
   */
  async regenerate(answerId: string): Promise<void> {
    const state = this.store.current();
    if (this.savedQuestion !== null || this.question.isOpen || regenerableAnswerId(state) !== answerId) return;
    const answer = state.messages[answerId];
    const shown = shownMessages(orderedMessages(state));
    const questionIndex = shown.findLastIndex((message) => message.role === 'user');
    const question = shown[questionIndex];
    if (answer === undefined || question === undefined) return;
    const context = this.lastContextQuestion === question.content ? this.lastContext : questionContextOf(question.attachments);
    await this.turns.run(question.content, toHistory(shown.slice(0, questionIndex)), context, { alternate: { of: answer.alternateOf ?? answer.id }, resumes: answer.id });
  }

  /**
   * Shows another of an answer's alternates (the "2 / 2" arrows) and saves the choice: the next
   * question continues from the answer shown. Not while a run or a question is open.
   */
  showAnswer(answerId: string): void {
    const state = this.store.current();
    if (state.running || state.pendingInput !== null || state.pendingApproval !== null || this.savedQuestion !== null) return;
    const set = alternatesOfAnswer(state, answerId);
    const answer = set?.answers.find((candidate) => candidate.id === answerId);
    if (set === undefined || answer === undefined || set.shown === answer) return;
    this.store.update((current) => withMessage(current, { ...answer, shownAt: shownAtFor(set.answers, this.now()) }), 'now');
    void this.persistence.save();
  }

  /** Stops the run in progress (its AbortController aborts the request and every tool). */
  stop(): void {
    this.turns.stop();
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
    this.question.close({ outcome: 'answered', answer });
  }

  /** Dismisses the open question; the run goes on without an answer (a reopened one is closed and saved). */
  dismissInput(): void {
    if (this.savedQuestion !== null) {
      void this.closeSavedQuestion({ outcome: 'dismissed' });
      return;
    }
    this.question.close({ outcome: 'dismissed' });
  }

  /** Answers the open approval card (Allow once, Always allow this server, Never, ...). */
  decideApproval(decision: AgentApprovalDecision): void {
    this.approval.decide(decision);
  }

  /** Stops any run and starts an empty conversation. */
  newChat(): void {
    this.leaveChat();
    const { model, loopStyle, maxIterations } = this.store.current();
    this.store.update(() => ({ ...this.emptyState(createConversation({ model, now: this.now() })), model, loopStyle, maxIterations }), 'now');
  }

  /** Shows a saved conversation (reopened from history, saved in `notePath`); its blocks render as reloaded. */
  openConversation(conversation: Conversation, notePath = ''): void {
    this.leaveChat();
    const { loopStyle, maxIterations, model } = this.store.current();
    let state: ChatState = { ...this.emptyState(conversation), notePath, model, loopStyle, maxIterations };
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

  /** The last assistant answer shown, with every marker stripped ("insert last answer at cursor"). */
  lastAnswer(): string | null {
    const messages = shownMessages(orderedMessages(this.store.current()));
    for (let index = messages.length - 1; index >= 0; index -= 1) {
      const message = messages[index];
      if (message.role !== 'assistant') continue;
      const answer = stripMarkers(savedContentOf(message)).trim();
      if (answer !== '') return answer;
    }
    return null;
  }

  /** The conversation as it stands, messages included. */
  conversation(state: ChatState = this.store.current()): Conversation {
    return this.persistence.conversationOf(state);
  }

  /** Stops the run; the view calls it on close. A question still open stays answerable in the note. */
  dispose(): void {
    this.turns.keepOpenQuestion();
    this.stop();
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
    if (outcome.outcome === 'dismissed') return this.persistence.save();
    await this.turns.run(outcome.answer, history, undefined, { resumes: message.id });
  }

  private rememberContext(question: string, context: QuestionContext | undefined): void {
    this.lastContext = context;
    this.lastContextQuestion = question;
  }

  private leaveChat(): void {
    this.lastContext = undefined;
    this.lastContextQuestion = null;
    this.turns.detach();
    this.approval.withdraw();
    this.savedQuestion = null;
    this.question.close({ outcome: 'dismissed' });
  }

  private emptyState(conversation: Conversation): ChatState {
    return emptyChatState({ conversation, model: this.options.model, loopStyle: this.options.loopStyle, maxIterations: this.options.maxIterations });
  }
}

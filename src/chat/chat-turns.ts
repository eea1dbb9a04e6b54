import { type AgentApprovalGate, type AgentRunOptions, type AgentRunResult, type AttachedContext, type PromptUse, type QuestionContext, type QuestionImage, reduceReasoning, type RunPlan, userMessageOf } from '../agent';
import type { AgentEvent } from '../agent';
import { createMessageId } from '../conversation';
import type { LlmErrorAdvice, LlmMessage } from '../llm';
import { composeAssistantContent } from '../markers';
import { runChoiceFor } from '../prompts';
import type { ChatPersistence } from './chat-persistence';
import { type ChatMessage, type ChatState, withMessage } from './chat-state';
import type { ChatStore } from './chat-store';
import type { PendingApproval } from './pending-approval';
import type { PendingQuestion } from './pending-question';
import { attachmentsRecord } from './attachments-record';
import { finishedMessage, type RunTurn } from './run-turn';
import { pendingInputOf, withoutPendingInput } from './saved-question';
import { t } from '../i18n';

/**
 * What a run needs from the host, planned for each send (settings may have changed): the run's
 * plan as the runner takes it, a notice shown above the composer (e.g. while the vault index is
 * still being built), and what the host does when the run returns (count its spend toward the day).
 */
export type ChatRunSetup = RunPlan & { readonly notice?: string; readonly onRunEnd?: (result: AgentRunResult) => void };

/** What a run is prepared for: the model, and the question with what the user attached to it. */
export interface ChatRunRequest {
  readonly question: string;
  readonly context?: QuestionContext;
  /** The setup waits for something (the vault index opening): the live block says so until the run starts. */
  readonly onWaiting?: (what: string) => void;
}

/** A run that regenerates an answer: `of` is the first answer to the question (the alternates' `alternateOf`). */
export interface AlternateAnswer {
  readonly of: string;
}

/** How a run relates to the chat's earlier turns. */
export interface RunRelation {
  /** The run regenerates an answer: it joins that answer's alternates. */
  readonly alternate?: AlternateAnswer;
  /** The assistant message whose turn this run resumes (Continue, an answer to its reopened question): it runs with that turn's prompt. */
  readonly resumes?: string;
}

/** Where "always" and "never" approvals are kept (the plugin's settings); the chat asks for the rest. */
export type ChatApprovalMemory = Pick<AgentApprovalGate, 'remembered' | 'remember'>;

/** What {@link ChatTurns} needs besides the store, the question and the persistence. */
export interface ChatTurnsOptions {
  /**
   * Builds the model client and the tools, and reads what the question attaches (scope applied to
   * the tools); throw an error with a `userMessage` to show it.
   */
  readonly prepareRun: (modelName: string, request: ChatRunRequest) => Promise<ChatRunSetup>;
  /** The agent runner (`runAgent` of src/agent). */
  readonly runAgent: (options: AgentRunOptions) => Promise<AgentRunResult>;
  /** How long a `request_input` question waits, read at each send. */
  readonly inputTimeoutMs?: () => number;
  /** The server refused tools for `modelName` during a run: the session keeps it (the host remembers it for the next runs). */
  readonly onToolsRefused?: (modelName: string, reason: string) => void;
  /** Remembered approvals; without it every call that needs approval asks. */
  readonly approvalMemory?: ChatApprovalMemory;
  /** How the host words what fixes a provider error (the plugin: its settings tab), for the run's error and one met before the run. */
  readonly errorAdvice?: LlmErrorAdvice;
  readonly now: () => number;
}

interface TurnEnd {
  readonly turn: RunTurn;
  readonly result: AgentRunResult | null;
  readonly error: string | null;
  readonly errorOpensSettings: boolean;
}

/**
 * The chat's runs: one turn at a time from send to save. Puts the run as the runner folded it
 * (`onRun`: steps and answer as values) on the live message, published with the event that
 * changed it; saves when a run pauses on a question and when it ends, and still saves a run the
 * user left for another chat to that chat's note.
 */
export class ChatTurns {
  /** The run in progress (the one `stop` aborts). */
  private turn: RunTurn | null = null;
  /** The chat a run belongs to when the user started a new chat before it ended; it is still saved. */
  private detached: ChatState | null = null;
  /**
   * The prompt each run was started from, by its assistant message: a run that resumes that turn
   * runs with the prompt's model and loop too, not the toolbar's. Kept in memory only (the note
   * does not record the prompt).
   */
  private readonly prompts = new Map<string, PromptUse>();

  constructor(
    private readonly store: ChatStore,
    private readonly question: PendingQuestion,
    private readonly approval: PendingApproval,
    private readonly persistence: ChatPersistence,
    private readonly options: ChatTurnsOptions,
  ) {}

  /**
   * One run: the user message, the live assistant message, the agent, and the save at its end.
   * A regenerated answer (`alternate`) adds no user message: the new answer joins the question's
   * earlier ones as their alternate, and is the one shown. A run that resumes a turn (`relation.resumes`)
   * runs with the model and loop of the prompt that turn was started from.
   */
  async run(question: string, history: readonly LlmMessage[], context?: QuestionContext, relation: RunRelation = {}): Promise<void> {
    const { alternate } = relation;
    const sentAt = this.options.now();
    const user: ChatMessage | null = alternate === undefined ? { id: createMessageId(sentAt), role: 'user', at: sentAt, content: question } : null;
    const assistant: ChatMessage = { id: createMessageId(sentAt + 1), role: 'assistant', at: sentAt, content: '', ...(alternate !== undefined ? { alternateOf: alternate.of } : {}) };
    this.store.update((state) => ({ ...withMessage(user === null ? state : withMessage(state, user), assistant), liveMessageId: assistant.id, running: true, error: null, errorOpensSettings: false, notice: null }), 'now');
    const turn: RunTurn = { assistantId: assistant.id, live: null, shown: null, abort: new AbortController(), paused: null, keepQuestion: false };
    this.turn = turn;
    const prompt = context?.prompt ?? (relation.resumes === undefined ? undefined : this.prompts.get(relation.resumes));
    if (prompt !== undefined) this.prompts.set(assistant.id, prompt);
    let result: AgentRunResult | null = null;
    let error: string | null = null;
    let errorOpensSettings = false;
    try {
      const state = this.store.current();
      // A question from a prompt that sets a model or loop runs with them; the toolbar's choice stays for the next one.
      const { model: modelName, loopStyle } = runChoiceFor(prompt, state);
      const onWaiting = (what: string) => this.showWaiting(turn, { what, question, model: modelName, at: sentAt });
      const { notice, onRunEnd, ...plan } = await this.options.prepareRun(modelName, { question, ...(context !== undefined ? { context } : {}), onWaiting });
      if (notice) this.store.update((current) => ({ ...current, notice }), 'soon');
      const attached = plan.context;
      const images = plan.images ?? [];
      // A regenerated answer's question keeps the attachments its note recorded.
      if (user !== null && (attached !== undefined || images.length > 0)) this.store.update((current) => withAttachments(current, user.id, attached ?? NOTHING_ATTACHED, images), 'soon');
      result = await this.options.runAgent({
        ...plan,
        modelName,
        // The refusal is the session's to keep: the run only reports it.
        onToolsRefused: (reason) => this.options.onToolsRefused?.(modelName, reason),
        question,
        history,
        signal: turn.abort.signal,
        loopStyle,
        maxIterations: state.maxIterations,
        startedAt: sentAt,
        now: this.options.now,
        ...(this.options.inputTimeoutMs ? { inputTimeoutMs: this.options.inputTimeoutMs() } : {}),
        onRun: (run) => {
          turn.live = run;
        },
        onEvent: (event) => this.onEvent(event, turn),
        askUser: (request, signal) => this.question.ask(request, signal),
        approvals: this.approvalGate(),
        ...(this.options.errorAdvice ? { errorAdvice: this.options.errorAdvice } : {}),
      });
      onRunEnd?.(result);
      if (result.status === 'error') error = result.error ?? t('error.runFailed');
    } catch (thrown) {
      error = userMessageOf(thrown, this.options.errorAdvice ? { advice: this.options.errorAdvice } : {});
      // Setup errors (no key on this device, an incomplete base URL) are fixed in the settings: an error that names the setting fixing it (its `fix`, as data) offers to open the settings.
      errorOpensSettings = typeof (thrown as { fix?: unknown } | null)?.fix === 'string';
    }
    this.finish({ turn, result, error, errorOpensSettings });
  }

  /** Before the run starts: the live block shows one notice step (the run's own first values replace it). */
  private showWaiting(turn: RunTurn, options: { what: string; question: string; model: string; at: number }): void {
    const runId = `waiting-${options.at.toString(36)}`;
    const started = reduceReasoning(null, { type: 'run_start', runId, at: options.at, model: options.model, question: options.question });
    const reasoning = reduceReasoning(started, { type: 'step', runId, at: options.at, step: { id: 'waiting', kind: 'notice', summary: options.what, at: options.at } });
    this.store.update((state) => {
      const message = state.messages[turn.assistantId];
      return message === undefined || turn.live !== null ? state : withMessage(state, { ...message, run: { reasoning, answer: '' } });
    }, 'now');
  }

  private approvalGate(): AgentApprovalGate {
    const memory = this.options.approvalMemory;
    return {
      remembered: (scope) => memory?.remembered(scope),
      remember: (scope, decision) => memory?.remember(scope, decision),
      ask: (request, signal) => this.approval.ask(request, signal),
    };
  }

  /** Stops the run in progress (its AbortController aborts the request and every tool). */
  stop(): void {
    this.turn?.abort.abort();
  }

  /** The view closes or the chat is left while a question waits: the run stops, the question stays. */
  keepOpenQuestion(): void {
    if (this.question.isOpen && this.turn !== null) this.turn.keepQuestion = true;
  }

  /** The user leaves this chat: its run stops but is still saved to its own note. */
  detach(): void {
    if (this.store.current().running) this.detached = this.store.current();
    this.keepOpenQuestion();
    this.stop();
    this.turn = null;
  }

  private onEvent(event: AgentEvent, turn: RunTurn): void {
    const { assistantId } = turn;
    const live = turn.live;
    if (live !== null && live !== turn.shown) {
      turn.shown = live;
      this.store.update((state) => {
        const message = state.messages[assistantId];
        return message === undefined ? state : withMessage(state, { ...message, run: live });
      }, publishTiming(event));
    }
    if (event.type === 'input_request') {
      // The run waits, maybe for hours: save the turn now, question included (issue 7).
      const paused = { content: live === null ? '' : composeAssistantContent(live.reasoning, live.answer), pendingInput: pendingInputOf(event) };
      turn.paused = paused;
      this.store.update((state) => {
        const message = state.messages[assistantId];
        return message === undefined ? state : withMessage(state, { ...message, pendingInput: paused.pendingInput });
      }, 'soon');
      if (this.store.current().messages[assistantId] !== undefined) void this.persistence.save();
    }
    if (event.type === 'input_response' && !turn.keepQuestion) {
      turn.paused = null;
      this.store.update((state) => {
        const message = state.messages[assistantId];
        return message === undefined ? state : withMessage(state, withoutPendingInput(message));
      });
    }
    // The end of a run publishes with the frame like every other event (DESIGN.md 10): at most
    // one commit per frame, the finished turn included (finish publishes it at once when the
    // frame has not published yet).
  }

  private finish(end: TurnEnd): void {
    // A run the user left for a new chat must not clear the next run or its question.
    if (this.turn !== end.turn) return this.finishDetached(end);
    this.turn = null;
    this.question.close({ outcome: 'dismissed' });
    this.approval.withdraw();
    this.store.update((state) => finishedState(state, end) ?? state, 'end');
    void this.persistence.save();
  }

  // The user moved on to another chat: the stopped turn is still saved to its own note.
  private finishDetached(end: TurnEnd): void {
    const detached = this.detached;
    if (detached === null) return;
    this.detached = null;
    const state = finishedState(detached, end);
    if (state !== null) void this.persistence.save(state);
  }
}

/**
 * When a change from `event` reaches the screen. A new or changed step shows at once when this
 * frame has not published yet (DESIGN.md 10: each step on screen within one frame); answer text
 * waits for a frame and may skip one; everything else goes with the next frame.
 * AGENT_EVENT_EDIT_REQUIRED
 */
function publishTiming(event: AgentEvent): 'soon' | 'text' | 'frame' {
  switch (event.type) {
    case 'step':
      return 'soon';
    case 'text_delta':
      return 'text';
    case 'run_start':
    case 'reasoning_delta':
    case 'tool_start':
    case 'tool_end':
    case 'input_request':
    case 'input_response':
    case 'approval_request':
    case 'approval_response':
    case 'answer_start':
    case 'citations':
    case 'run_end':
      return 'frame';
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** The attachments of a question that sent images and no notes. */
const NOTHING_ATTACHED: AttachedContext = { attachments: [], missingLinks: [], budgetTokens: 0 };

/** `state` with the question's attachments recorded on its message (the saved note lists them under it). */
function withAttachments(state: ChatState, userId: string, context: AttachedContext, images: readonly QuestionImage[]): ChatState {
  const message = state.messages[userId];
  const attachments = attachmentsRecord(context, images);
  return message === undefined || attachments === null ? state : withMessage(state, { ...message, attachments });
}

/** `state` with the turn's message finished and the run over; null when the message is gone. */
function finishedState(state: ChatState, end: TurnEnd): ChatState | null {
  const message = state.messages[end.turn.assistantId];
  if (message === undefined) return null;
  return { ...withMessage(state, finishedMessage(message, end)), liveMessageId: null, running: false, error: end.error, errorOpensSettings: end.errorOpensSettings };
}

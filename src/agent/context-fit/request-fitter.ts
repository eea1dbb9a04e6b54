import { type ContextWindow, LlmContextOverflowError, LlmStreamError, type LlmMessage } from '../../llm';
import { formatNumber, t } from '../../i18n';
import { LIMITS } from '../../markers';
import { clampLine } from '../clamp-text';
import type { ModelTurnResult } from '../model-turn';
import type { RunRecorder } from '../run-recorder';
import { describeFit } from './describe-fit';
import { fitRequest, isWholeRequest, type RequestParts } from './fit-request';
import { answerReserve, requestBudget } from './request-budget';

/**
 * A request that cannot fit the window: the question, system prompt and tools alone (`request`),
 * or with this run's latest tool calls and results, cut as far as they go (`run`). One sentence
 * to show, comparing what is needed with what the window leaves (both without the answer's room).
 */
export class ContextWindowTooSmallError extends Error {
  readonly userMessage: string;

  constructor(options: { requiredTokens: number; availableTokens: number; windowTokens: number; part: 'request' | 'run' }) {
    const values = { needed: formatNumber(options.requiredTokens), available: formatNumber(options.availableTokens), window: formatNumber(options.windowTokens) };
    const message = options.part === 'run' ? t('error.runTooLongForWindow', values) : t('error.windowTooSmall', values);
    super(message);
    this.name = 'ContextWindowTooSmallError';
    this.userMessage = message;
  }
}

/** Why a reply shows the request did not fit, and the window it suggests. */
export interface OverflowSign {
  /** What the step says happened. */
  readonly what: string;
  /** The window to fit the next request to. */
  readonly windowTokens: number;
}

/** A request prepared for sending: the messages and their estimated tokens. */
export interface FittedRequest {
  readonly messages: LlmMessage[];
  readonly tokens: number;
}

/** Below this ratio of estimate to the server's count a reply is taken as cut by the server (Ollama); the estimate runs at most ~3.5× high (Bengali on o200k). */
const TRUNCATION_RATIO = 3.5;

/**
 * One run's fitting of requests to the model's window (DESIGN.md 12.1): each model call's
 * messages are made to fit (`fitRequest`), a `context` step says what was left out whenever that
 * changes, and an overflow the server reports shrinks the window for the rest of the run.
 * Without a window (none known) requests go whole until a server says one was too long.
 */
export class RequestFitter {
  private windowTokens: number | undefined;
  private lastSummary = '';

  constructor(
    private readonly recorder: RunRecorder,
    window: ContextWindow | undefined,
  ) {
    this.windowTokens = window?.tokens;
  }

  get window(): number | undefined {
    return this.windowTokens;
  }

  /** The request's messages, fitted to the window, or the error saying it cannot fit. */
  prepare(parts: RequestParts): FittedRequest | ContextWindowTooSmallError {
    const window = this.windowTokens;
    const budget = window === undefined ? Number.POSITIVE_INFINITY : requestBudget(window);
    const outcome = fitRequest(parts, budget);
    if (!outcome.fits) return new ContextWindowTooSmallError({ requiredTokens: outcome.requiredTokens, availableTokens: budget, windowTokens: window ?? 0, part: outcome.part });
    if (window !== undefined && !isWholeRequest(outcome.report)) {
      const summary = describeFit(outcome.report, window);
      if (summary !== this.lastSummary) {
        this.lastSummary = summary;
        const detail = t('fit.detail', { sent: formatNumber(outcome.tokens), reserve: formatNumber(answerReserve(window)) });
        this.recorder.step({ id: this.recorder.nextStepId(), kind: 'context', summary: clampLine(summary, LIMITS.summaryChars), detail });
      }
    }
    return { messages: outcome.messages, tokens: outcome.tokens };
  }

  /**
   * Whether a reply shows the request was too long: the server said so (an overflow error,
   * with or without the window), it sent back nothing at all (LM Studio's empty 200 stream), or it
   * counted far fewer prompt tokens than were sent (Ollama drops the front of the prompt).
   */
  overflowOf(turn: ModelTurnResult, sentTokens: number): OverflowSign | undefined {
    const current = Math.min(this.windowTokens ?? sentTokens, sentTokens);
    if (turn.error instanceof LlmContextOverflowError) {
      const named = turn.error.windowTokens;
      const windowTokens = named !== undefined && named < (this.windowTokens ?? Number.POSITIVE_INFINITY) ? named : Math.floor(current / 2);
      const said = named === undefined ? t('overflow.serverSaid') : t('overflow.serverSaidWindow', { tokens: formatNumber(named) });
      return { what: said, windowTokens };
    }
    // A reply that ended at its length limit (a delta past the byte cap, issue 36) is a cut answer, not an empty one.
    const nothing = turn.text === '' && turn.reasoning === '' && turn.toolCalls.length === 0 && turn.finishReason !== 'length';
    if (nothing && (turn.error === undefined || (turn.error instanceof LlmStreamError && turn.error.reason === 'cut'))) {
      return { what: t('overflow.empty'), windowTokens: Math.floor(current / 2) };
    }
    const counted = turn.promptTokens;
    if (turn.error === undefined && counted !== undefined && counted > 0 && sentTokens > 1024 && sentTokens > counted * TRUNCATION_RATIO) {
      return { what: t('overflow.truncated', { counted: formatNumber(counted), sent: formatNumber(sentTokens) }), windowTokens: counted };
    }
    return undefined;
  }

  /** Fits later requests to a smaller window, with a notice saying why. */
  shrink(sign: OverflowSign, retrying: boolean): void {
    this.windowTokens = Math.max(256, sign.windowTokens);
    const tokens = formatNumber(this.windowTokens);
    const summary = retrying ? t('overflow.askingAgain', { what: sign.what, tokens }) : t('overflow.laterFitted', { what: sign.what, tokens });
    this.recorder.step({ id: this.recorder.nextStepId(), kind: 'notice', summary: clampLine(summary, LIMITS.summaryChars) });
  }
}

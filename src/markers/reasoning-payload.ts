
/**
 * The REASONING_BLOCK payload, version 1 (DESIGN.md 3.1). This is the data the chain runner
 * writes into an assistant message, the renderer reads back, and the note format keeps.
 * Extra fields are allowed and kept on a round trip, so every object type is open. A payload
 * read from a note may also hold a status, step kind, tool status or thought type from a newer
 * version outside these unions (kept verbatim); readers must not throw on one.
 */

/** Where a run stands. `collapsed` means the answer is streaming. */
export type ReasoningStatus =
  | 'reasoning'
  | 'awaiting_input'
  | 'collapsed'
  | 'complete'
  | 'stopped'
  | 'error'
  | 'max_iterations'
  /** A spending limit stopped the run before a model call (DESIGN.md 13.4). */
  | 'budget';

/** What produced a step. */
export type ReasoningStepKind = 'thought' | 'tool' | 'reasoning' | 'input' | 'reason' | 'observe' | 'notice' | 'context';

/** The life of one tool call. */
export type ReasoningToolStatus = 'running' | 'ok' | 'error' | 'cancelled' | 'declined';

/** Kinds of thought a `think_aloud` call may declare. */
export type ThoughtType = 'planning' | 'reasoning' | 'reflection' | 'decision' | 'observation' | 'critique';

interface ToolCallBase {
  readonly name: string;
  readonly args: Record<string, unknown>;
  /** A note write's proposed change (DESIGN.md 11.2); its outcome is the call's `status`. */
  readonly change?: ReasoningChange;
  readonly [extra: string]: unknown;
}

/**
 * The change a note write proposes, as the trace keeps it: the note, the line counts, and a
 * compact diff. Each `diff` entry starts with one character: `+` an added line, `-` a removed
 * one, a space an unchanged line shown for context, `@` a run of unchanged lines left out
 * (followed by how many), `…` the diff was cut here (too long to keep).
 */
export interface ReasoningChange {
  readonly path: string;
  readonly added: number;
  readonly removed: number;
  readonly diff: readonly string[];
  /** What undoing the write needs, on a write that ran (docs/decisions/undo-a-turn.md); absent on older traces. */
  readonly undo?: ReasoningChangeUndo;
}

/**
 * How to take one write back exactly, without keeping the whole note: the write replaced
 * `removed` with `inserted` characters at offset `at`, and the note's fingerprints before and
 * after (`contentHash` in `src/writes`) tell whether it still holds what the write left.
 */
export interface ReasoningChangeUndo {
  /** The note's fingerprint before the write; null when the write created it. */
  readonly before: string | null;
  /** Its fingerprint after the write. */
  readonly after: string;
  /** Where the changed part starts (UTF-16 offset). */
  readonly at: number;
  /** How long the changed part is after the write. */
  readonly inserted: number;
  /** The text the write replaced there (empty for an append or a create). */
  readonly removed: string;
}

/** A tool call still running: it has no duration and no output yet. */
export interface RunningToolCall extends ToolCallBase {
  readonly status: 'running';
  readonly durationMs?: never;
  readonly output?: never;
  readonly outputChars?: never;
}

/** A tool call that returned, failed or was cancelled. */
export interface FinishedToolCall extends ToolCallBase {
  readonly status: Exclude<ReasoningToolStatus, 'running'>;
  /** Wall time of the call. */
  readonly durationMs?: number;
  /** At most {@link LIMITS.toolOutputChars} characters of the result. */
  readonly output?: string;
  /** Length of the full result, before clamping. */
  readonly outputChars?: number;
}

/** A tool call as shown in a step, keyed on its status: only a finished call carries output. */
export type ReasoningToolCall = RunningToolCall | FinishedToolCall;

/** One bullet of the block. */
export interface ReasoningStep {
  /** Unique within the run. */
  readonly id: string;
  readonly kind: ReasoningStepKind;
  /** One line, at most {@link LIMITS.summaryChars} characters: what the bullet shows. */
  readonly summary: string;
  /** At most {@link LIMITS.detailChars} characters. */
  readonly detail?: string;
  /** Epoch ms. */
  readonly at: number;
  readonly tool?: ReasoningToolCall;
  readonly thoughtType?: ThoughtType;
  /** 0..1 */
  readonly confidence?: number;
  readonly [extra: string]: unknown;
}

/** Token usage: one model call's, or summed over a run. */
export interface ReasoningUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** Of the completion, tokens spent reasoning, when the server says (`completion_tokens_details.reasoning_tokens`). */
  readonly reasoningTokens?: number;
  /** Of the prompt, tokens read from the server's cache, when it says (`prompt_tokens_details.cached_tokens`). */
  readonly cachedTokens?: number;
  /** The server sent no usage: counted by Glassbox (about four characters a token), shown with "~". */
  readonly estimated?: true;
}

/** One model call of a run (DESIGN.md 12.1): when it started, how long it took, what it used. */
export interface ReasoningModelTurn {
  /** Epoch ms when the request was sent. */
  readonly at: number;
  readonly durationMs: number;
  readonly usage?: ReasoningUsage;
  /** The model asked (its prices give the run's cost); absent in notes written before it was kept. */
  readonly model?: string;
  readonly [extra: string]: unknown;
}

/** The whole payload of a version-1 REASONING_BLOCK marker. */
export interface ReasoningPayload {
  readonly v: 1;
  readonly status: ReasoningStatus;
  /** Epoch ms when the user sent the message: the run clock starts at send. */
  readonly startedAt: number;
  readonly answerStartedAt?: number;
  readonly endedAt?: number;
  /** Reasoning time, frozen once the answer starts or the run ends; excludes `pausedMs`. */
  readonly elapsedMs: number;
  /** Time spent waiting for the user's answer to `request_input`. */
  readonly pausedMs?: number;
  readonly steps: readonly ReasoningStep[];
  /** A short message when `status` is `error`. */
  readonly error?: string;
  /** Usage summed over the run's model calls. */
  readonly usage?: ReasoningUsage;
  /** Each model call of the run, in order (absent in notes written before it was kept). */
  readonly turns?: readonly ReasoningModelTurn[];
  /** The answer's citations checked against what the run read (DESIGN.md 13.3); absent in older notes and answers that cite nothing. */
  readonly citations?: readonly ReasoningCitation[];
  readonly [extra: string]: unknown;
}

/** Size limits of the payload's text fields (DESIGN.md 3.1). */
export const LIMITS = Object.freeze({
  summaryChars: 120,
  detailChars: 2000,
  toolOutputChars: 4000,
});

/**
 * What a run did with a note its answer cites (DESIGN.md 13.3): `read` when text of the note
 * reached the model in the run (a search passage, `readNote`, an attachment, a prompt variable),
 * `unread` when the note exists but none of its text did, `missing` when no note matches.
 */
export type ReasoningCitationStatus = 'read' | 'unread' | 'missing';

/** A quotation in the answer attributed to a cited note, and whether the note holds it. */
export interface ReasoningCitationQuote {
  /** The quoted text as the answer wrote it. */
  readonly text: string;
  /** Found in the note, whitespace and case normalised, across line breaks. */
  readonly found: boolean;
  /** Where a found quote begins in the note (1-based line): the chat opens the note there. */
  readonly line?: number;
  readonly [extra: string]: unknown;
}

/** One cited note's verdict, in the order the answer first cites it. */
export interface ReasoningCitation {
  /** The link as written, without heading, block or display text: `Refund policy`, `Projects/Alpha`. */
  readonly target: string;
  readonly status: ReasoningCitationStatus;
  readonly quotes: readonly ReasoningCitationQuote[];
  /** The vault path the link resolves to (absent for `missing`). */
  readonly path?: string;
  readonly [extra: string]: unknown;
}

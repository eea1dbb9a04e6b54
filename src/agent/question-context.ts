import { formatNumber, t } from '../i18n';
import type { AgentLoopStyle } from './loop-style';

/**
 * What the user attached to a question (DESIGN.md 11.1, 11.4): notes by vault path, a selection,
 * and a scope. The chat passes it to `ChatController.send(question, context)`, the CLI builds it
 * from `--note`, `--folder` and `--tag`. `[[Links]]` typed in the question are not listed here:
 * the run finds and resolves them itself, so every caller gets them the same way.
 */
export interface QuestionContext {
  /** Notes attached whole, by vault path with `.md` (`Projects/Alpha.md`): the open note, chips, `--note`. */
  readonly notes?: readonly string[];
  /** Text selected in the editor, quoted with its note and line range. */
  readonly selection?: QuestionSelection;
  /** Restricts every vault tool of the run; notes attached explicitly stay readable. */
  readonly scope?: QuestionScope;
  /** The custom prompt the question was filled from (the `/` menu), named in the trace. */
  readonly prompt?: PromptUse;
  /** Images of the vault sent with the question (pasted or dropped), by vault path; the host reads them. */
  readonly images?: readonly string[];
}

/** A selection quoted as context: its note, its lines (1-based, inclusive) and its text. */
export interface QuestionSelection {
  readonly path: string;
  readonly fromLine: number;
  readonly toLine: number;
  readonly text: string;
}

/** Folders (vault-relative, subfolders included) and tags (without `#`, nested tags included). */
export interface QuestionScope {
  readonly folders?: readonly string[];
  readonly tags?: readonly string[];
}

/**
 * One attachment as the run received it, after reading and cutting: what the model gets and what
 * the trace's `context` step and the saved note list.
 */
export interface ContextAttachment {
  /** `note`: attached by path; `link`: a `[[link]]` typed in the question; `selection`: quoted lines. */
  readonly kind: 'note' | 'link' | 'selection';
  /** Vault path with `.md`. */
  readonly path: string;
  /** Lines of a selection (1-based, inclusive). */
  readonly lines?: { readonly from: number; readonly to: number };
  /** The link text as typed (`link` only). */
  readonly linktext?: string;
  /** Characters of the whole note or selection. */
  readonly chars: number;
  /** What the model receives (cut to the budget; empty when nothing could be sent). */
  readonly text: string;
  /** True when `text` is shorter than the note (the budget ran out, or it was not readable text). */
  readonly cut: boolean;
  /** The vault tools refuse this note (a saved conversation): nothing tells the model to read the rest with them. */
  readonly hiddenFromTools?: true;
  /** Why it was cut or left out, one sentence ("binary-looking, not sent"). */
  readonly notice?: string;
}

/** Everything attached to one run: the first request carries it, the `context` step lists it. */
export interface AttachedContext {
  readonly attachments: readonly ContextAttachment[];
  /** `[[Links]]` in the question that name no note (named in the trace, never guessed). */
  readonly missingLinks: readonly string[];
  readonly scope?: QuestionScope;
  /** Notes in the scope; 0 makes the trace say the scope matched nothing. Undefined without a scope. */
  readonly scopeNotes?: number;
  /** The budget the attachments were cut to, in estimated tokens. */
  readonly budgetTokens: number;
  /** The custom prompt the question came from, and what each of its variables was filled with (DESIGN.md 12.4). */
  readonly prompt?: PromptUse;
}

/**
 * An image sent with the question (DESIGN.md 12.4): an image note, an embed in the question or an
 * attached note, a pasted file, or `ask --image`. The host reads and downscales it; the run sends
 * `dataUrl` with the first request and the trace names it by `name` and size.
 */
export interface QuestionImage {
  readonly name: string;
  /** Its vault path, when it is a file of the vault (the saved note embeds it). */
  readonly path?: string;
  /** A `data:image/...;base64,` URL. */
  readonly dataUrl: string;
  /** Bytes of the image as sent. */
  readonly bytes: number;
}

/** The largest image sent with a question: OpenAI's limit per image, more than any local server takes well. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** `34 KB`, `1.2 MB`: an image's size as the chips and the trace show it. */
export function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? t('size.megabytes', { n: formatNumber(Number((bytes / 1024 / 1024).toFixed(1)), { minimumFractionDigits: 1, maximumFractionDigits: 1 }) }) : t('size.kilobytes', { n: Math.max(1, Math.round(bytes / 1024)) });
}

/** A custom prompt as the trace names it (`{#meeting}` → `2 notes`), and the model and loop its question runs with. */
export interface PromptUse {
  readonly name: string;
  readonly variables: readonly { readonly variable: string; readonly filled: string }[];
  /** The prompt's frontmatter `model`: this question runs with it instead of the chat's. */
  readonly model?: string;
  /** The prompt's frontmatter `loop`: this question runs with it instead of the chat's. */
  readonly loop?: AgentLoopStyle;
}

/** Default of the "Context budget" setting: estimated tokens of attached text per question. */
export const DEFAULT_CONTEXT_BUDGET_TOKENS = 12_000;

/**
 * Estimated tokens of a text: a quarter of its characters, the usual rule of thumb for
 * OpenAI-style tokenisers on English; close enough for a budget and for a chip's "~3k tokens".
 */
export function estimateTokens(text: string | number): number {
  const chars = typeof text === 'number' ? text : text.length;
  return Math.ceil(chars / 4);
}

/** True when the context holds nothing (no notes, no selection, no scope). */
export function isEmptyQuestionContext(context: QuestionContext | undefined): boolean {
  if (context === undefined) return true;
  return (context.notes?.length ?? 0) === 0 && context.selection === undefined && (context.scope?.folders?.length ?? 0) === 0 && (context.scope?.tags?.length ?? 0) === 0 && context.prompt === undefined && (context.images?.length ?? 0) === 0;
}

/** `Projects/, #meeting`: a scope as one line (empty without one). */
export function describeScope(scope: QuestionScope | undefined): string {
  return [...(scope?.folders ?? []).map((folder) => `${folder}/`), ...(scope?.tags ?? []).map((tag) => `#${tag}`)].join(', ');
}

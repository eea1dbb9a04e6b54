import type { z } from 'zod';
import type { AgentToolApproval } from './approval';
import type { ReasoningChange } from '../markers';

/**
 * The tool protocol: one object per tool, described once with a zod schema. The runner turns
 * the schema into an OpenAI function schema (zod's JSON schema, checked against LangChain in
 * tests), validates arguments before `execute` runs, and hands a validation error back to the
 * model as the result.
 */
export interface AgentTool<Schema extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly description: string;
  /** The description offered on a small window (DESIGN.md 13.6), one short sentence; default the description's first sentence. */
  readonly compactDescription?: string;
  readonly schema: Schema;
  /**
   * The JSON Schema offered to the model as given, for tools described elsewhere (an MCP
   * server's `inputSchema`). Without it the schema is derived from `schema`, which still
   * validates the arguments either way.
   */
  readonly parameters?: Readonly<Record<string, unknown>>;
  /** True when the tool only reads: such calls of one model reply run at the same time. */
  readonly readOnly?: boolean;
  /** Present when every call must be approved by the user before it runs (see RunApprovals). */
  readonly approval?: AgentToolApproval;
  /** The bullet shown while the tool runs, e.g. `Searching notes for "refunds"`. */
  describeStart(args: z.infer<Schema>): string;
  /** The bullet shown when it is done, e.g. `Found 5 notes: A, B, C +2 more`. */
  describeEnd?(args: z.infer<Schema>, result: AgentToolResult): string;
  execute(args: z.infer<Schema>, context: AgentToolContext): Promise<AgentToolResult>;
}

/** What a tool gets besides its arguments. */
export interface AgentToolContext {
  /** The run's signal: a stop or a timeout aborts it. Tools must honour it. */
  readonly signal: AbortSignal;
  /** Epoch ms "now", from the runner's clock (tests fake it). */
  readonly now: () => number;
}

/** What a tool returns. `output` is what the model sees. */
export interface AgentToolResult {
  readonly output: string;
  /** Structured data for the step summary (e.g. the titles found). */
  readonly data?: unknown;
  /** A note write's change as made (it replaces the proposed one on the step): what undo reads. */
  readonly change?: ReasoningChange;
  /** Vault paths of the notes whose text `output` gives the model (a passage, a note read): what the citation check counts as read. */
  readonly readPaths?: readonly string[];
}

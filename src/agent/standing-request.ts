import type { LlmToolSchema } from '../llm';
import type { AgentTool } from './agent-tool';
import { canBeApproved, type AgentApprovalGate } from './approval';
import { compactToolSchema } from './compact-tool-schema';
import { buildSystemPrompt } from './prompts/system-prompt';
import { toLlmToolSchema } from './tool-schema';
import { reportThinkingTool, thinkAloudTool } from './tools/report-thinking';
import { requestInputTool } from './tools/request-input';
import { countTokens, MESSAGE_OVERHEAD_TOKENS } from './context-fit/count-tokens';
import { toolsTokens } from './context-fit/fit-request';
import { requestBudget } from './context-fit/request-budget';

/** Room a question needs beside the instructions and tools, in tokens: a few sentences. */
export const QUESTION_ROOM_TOKENS = 200;

/** Windows of this many tokens or fewer get the compact standing request (DESIGN.md 13.6). */
export const SMALL_WINDOW_TOKENS = 8192;

/** Whether a window is small enough for the compact standing request; an unknown one counts as large. */
export function isSmallWindow(windowTokens: number | undefined): boolean {
  return windowTokens !== undefined && windowTokens <= SMALL_WINDOW_TOKENS;
}

/** What shapes the standing request of a run. */
export interface StandingRequestOptions {
  /** The host's tools: the vault's, note writes, MCP servers'. */
  readonly tools: readonly AgentTool[];
  /** The model's window; unknown counts as large. */
  readonly windowTokens: number | undefined;
  /** Whether `request_input` can reach the user. */
  readonly canAskUser: boolean;
  /** Decides the calls that need approval; on a small window a tool none could be approved for is not offered. */
  readonly approvals?: AgentApprovalGate;
  /** `YYYY-MM-DD`, for the system prompt. */
  readonly today: string;
}

/** The system prompt and the tools every request of a run carries, whatever is asked. */
export interface StandingRequest {
  readonly system: string;
  /** The tools offered, the agent's own included; the run executes only these. */
  readonly tools: readonly AgentTool[];
  readonly schemas: readonly LlmToolSchema[];
  /** True on a small window: the compact prompt and schemas, and only the tools that can run. */
  readonly compact: boolean;
  /** The host's tools left out because no one could approve their calls (small windows only). */
  readonly withheld: readonly string[];
}

/**
 * The standing part of every request (DESIGN.md 12.1, 13.6). On a window of 8,192 tokens or
 * less it stays small: only tools whose calls can happen (no note writes or MCP tools that no
 * one could approve), one thinking tool, compact descriptions and a compact system prompt.
 * Larger windows get the full set.
 */
export function buildStandingRequest(options: StandingRequestOptions): StandingRequest {
  const compact = isSmallWindow(options.windowTokens);
  const host = compact ? options.tools.filter((tool) => tool.approval === undefined || canBeApproved(options.approvals, tool.approval.scope)) : options.tools;
  const tools: AgentTool[] = [...host, reportThinkingTool, ...(compact ? [] : [thinkAloudTool]), ...(options.canAskUser ? [requestInputTool] : [])];
  const system = buildSystemPrompt({ today: options.today, canAskUser: options.canAskUser, toolNames: tools.map((tool) => tool.name), compact });
  const withheld = options.tools.filter((tool) => !host.includes(tool)).map((tool) => tool.name);
  return { system, tools, schemas: tools.map(compact ? compactToolSchema : toLlmToolSchema), compact, withheld };
}

/** The tokens a standing request costs by the project's estimate: `glassbox doctor` compares them with the window. */
export function standingRequestTokens(request: StandingRequest): number {
  return MESSAGE_OVERHEAD_TOKENS + countTokens(request.system) + toolsTokens(request.schemas);
}

/** Whether a window holds the standing request, a short question and the answer's room. */
export function windowFitsStandingRequest(windowTokens: number, standingTokens: number): boolean {
  return standingTokens + QUESTION_ROOM_TOKENS <= requestBudget(windowTokens);
}

/**
 * The smallest window, in steps of 1,024 tokens, that holds the standing request it would get
 * (`standingAt` a window) with a question and its answer: what to load the model with at least.
 */
export function smallestWindowFor(standingAt: (windowTokens: number) => number): number {
  let window = 1024;
  while (!windowFitsStandingRequest(window, standingAt(window))) window += 1024;
  return window;
}

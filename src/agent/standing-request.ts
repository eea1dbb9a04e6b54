import type { AgentTool } from './agent-tool';
import { buildSystemPrompt } from './prompts/system-prompt';
import { toLlmToolSchema } from './tool-schema';
import { reportThinkingTool, thinkAloudTool } from './tools/report-thinking';
import { requestInputTool } from './tools/request-input';
import { countTokens, MESSAGE_OVERHEAD_TOKENS } from './context-fit/count-tokens';
import { toolsTokens } from './context-fit/fit-request';
import { requestBudget } from './context-fit/request-budget';

/** Room a question needs beside the instructions and tools, in tokens: a few sentences. */
export const QUESTION_ROOM_TOKENS = 200;

/**
 * The tokens every request of a chat run carries whatever is asked (DESIGN.md 12.1): the
 * system prompt and the tool schemas, `tools` (the host's vault tools) with the agent's own,
 * as `runAgent` builds them. `glassbox doctor` compares them with the model's window.
 */
export function standingRequestTokens(tools: readonly AgentTool[]): number {
  const all = [...tools, reportThinkingTool, thinkAloudTool, requestInputTool];
  const system = buildSystemPrompt({ today: '2026-01-01', canAskUser: true, toolNames: all.map((tool) => tool.name) });
  return MESSAGE_OVERHEAD_TOKENS + countTokens(system) + toolsTokens(all.map(toLlmToolSchema));
}

/** Whether a window holds the standing request, a short question and the answer's room. */
export function windowFitsStandingRequest(windowTokens: number, standingTokens: number): boolean {
  return standingTokens + QUESTION_ROOM_TOKENS <= requestBudget(windowTokens);
}

/** The smallest window, in steps of 1,024 tokens, that {@link windowFitsStandingRequest}: what to load the model with at least. */
export function smallestWindowFor(standingTokens: number): number {
  let window = 1024;
  while (!windowFitsStandingRequest(window, standingTokens)) window += 1024;
  return window;
}

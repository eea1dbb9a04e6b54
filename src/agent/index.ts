/**
 * The agent core: the chain runner, its events, the reasoning state reducer and the tool
 * protocol. Imports neither `obsidian` nor `react`.
 */
export { runAgent } from './run-agent';
export { AGENT_DEFAULTS, type AgentRunOptions, type AgentRunResult, type AgentInputRequest, type AgentInputOutcome, type AgentLoopStyle, AGENT_LOOP_STYLES, LOOP_STYLE_LABELS } from './agent-run-options';
export { reduceReasoning, reasoningElapsedMs } from './reasoning-state';
export type * from './events';
export type { AgentTool, AgentToolContext, AgentToolResult } from './agent-tool';
export { isAllowDecision, type AgentApprovalChoice, type AgentApprovalDecision, type AgentApprovalGate, type AgentApprovalRequest, type AgentApprovalText, type AgentRememberedApproval, type AgentToolApproval } from './approval';
export { reportThinkingTool, thinkAloudTool } from './tools/report-thinking';
export { requestInputTool } from './tools/request-input';
export { RunAccumulator } from './run-accumulator';
export { clampLine, clampText } from './clamp-text';
export { describeInputOutcome } from './tools/request-input';
export { userMessageOf } from './user-message-of';

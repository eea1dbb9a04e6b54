/**
 * The agent core: its events, the reasoning state reducer and the tool protocol. Imports
 * neither `obsidian` nor `react`. The runner (`./run-agent`) and the built-in tools
 * (`./tools/*`, zod schemas) are imported from their own files: the chat view imports this
 * barrel at plugin load, and they are evaluated only when a run needs them (issue 17).
 */
export { AGENT_DEFAULTS, type AgentRunOptions, type AgentRunResult, type RunPlan, type AgentInputRequest, type AgentInputOutcome, type AgentLoopStyle, AGENT_LOOP_STYLES } from './agent-run-options';
export { reduceReasoning, reasoningElapsedMs } from './reasoning-state';
export type * from './events';
export type { AgentTool, AgentToolContext, AgentToolResult } from './agent-tool';
export { isAllowDecision, ToolCallRefusal, type AgentApprovalChoice, type AgentApprovalDecision, type AgentApprovalGate, type AgentApprovalRequest, type AgentApprovalText, type AgentRememberedApproval, type AgentToolApproval } from './approval';
export { DEFAULT_CONTEXT_BUDGET_TOKENS, describeBytes, MAX_IMAGE_BYTES, describeScope, estimateTokens, isEmptyQuestionContext, type AttachedContext, type ContextAttachment, type PromptUse, type QuestionContext, type QuestionImage, type QuestionScope, type QuestionSelection } from './question-context';
export { RunAccumulator, type LiveRun } from './run-accumulator';
export { answerReserve, attachmentBudget, requestBudget } from './context-fit/request-budget';
export { countTokens } from './context-fit/count-tokens';
export { clampLine, clampText } from './clamp-text';
export { describeInputOutcome } from './tools/describe-input-outcome';
export { userMessageOf } from './user-message-of';
export { toolsRefusal } from './tools-refusal';
export type { AgentSpendingLimits, SpendingLimitKind, SpendingStop } from './spending/spending-limits';
export { addDaySpend, DAYS_KEPT, lastDays, localDay, NO_SPEND, readDaySpendRecord, type DaySpend, type DaySpendRecord } from './spending/day-spend';
export { planRun, type PlannedQuestion, type PlannedRun, type RunPlannerHost, type RunScope } from './run-planner';
export { notesInToolResult } from './history-reads';

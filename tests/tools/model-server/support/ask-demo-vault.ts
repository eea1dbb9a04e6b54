import type { AgentApprovalDecision, AgentApprovalGate, AgentApprovalRequest } from '../../../../src/agent/approval';
import type { AgentRunResult, QuestionContext } from '../../../../src/agent';
import { runAgent } from '../../../../src/agent/run-agent';
import { NodeNoteWriter } from '../../../../src/cli/node-note-writer';
import { createOpenAiChatModel, type LlmMessage } from '../../../../src/llm';
import { attachQuestionContext, indexContextNotes } from '../../../../src/search';
import { createWriteTools } from '../../../../src/writes/write-tools';
import type { DemoVaultServer } from './demo-vault-server';

/** What a run of the extractive model over the demo vault did. */
export interface DemoVaultRun {
  readonly result: AgentRunResult;
  /** The tools called, in order. */
  readonly tools: string[];
  /** Every approval card the run showed. */
  readonly asked: AgentApprovalRequest[];
}

/**
 * Asks the extractive model a question as the plugin would: the real runner and openai SDK, the
 * vault tools and the write tools over the copy of the demo vault, the question's context
 * (notes, selection, [[links]]) attached by the same code as the hosts', and each approval card
 * answered from `decisions`.
 */
export async function askDemoVault(world: DemoVaultServer, question: string, options: { context?: QuestionContext; history?: LlmMessage[]; decisions?: AgentApprovalDecision[] } = {}): Promise<DemoVaultRun> {
  const decisions = [...(options.decisions ?? [])];
  const asked: AgentApprovalRequest[] = [];
  const approvals: AgentApprovalGate = {
    remembered: () => undefined,
    ask: (request) => {
      asked.push(request);
      return Promise.resolve(decisions.shift() ?? 'deny');
    },
    remember: () => undefined,
  };
  const context = await attachQuestionContext({ question, ...(options.context ? { context: options.context } : {}), notes: indexContextNotes({ index: world.index, source: world.source }), budgetTokens: 12_000 });
  const result = await runAgent({
    model: createOpenAiChatModel({ baseUrl: world.server.url }),
    modelName: 'extractive',
    tools: [...world.tools, ...createWriteTools({ writer: new NodeNoteWriter(world.vaultDir), conversationsFolder: () => 'Glassbox/Conversations' })],
    question,
    history: options.history ?? [],
    signal: new AbortController().signal,
    onEvent: () => undefined,
    approvals,
    context,
    maxIterations: 8,
  });
  const tools = result.payload.steps.flatMap((step) => (step.kind === 'tool' && step.tool ? [step.tool.name] : []));
  return { result, tools, asked };
}

import type { ChatModel, ContextWindow } from '../llm';
import type { AgentTool } from './agent-tool';
import type { RunPlan } from './agent-run-options';
import { attachmentBudget } from './context-fit/request-budget';
import type { AttachedContext, QuestionContext, QuestionImage, QuestionScope } from './question-context';

/**
 * What a run is planned for: the question and what the user attached to it, and who is told when
 * the run waits before it can start. They travel with each run; the host is the same for every run
 * until the settings change.
 */
export interface PlannedQuestion {
  readonly question: string;
  readonly context?: QuestionContext;
  /** Told what the run waits for (the vault index opening), so the live block can say so. */
  readonly onWaiting?: (what: string) => void;
}

/** The notes a run's tools may reach: the question's folders and tags, and the notes it attached. */
export type RunScope = QuestionScope & { readonly paths: readonly string[] };

/**
 * What a host gives the planner (DESIGN.md 13.2): the plugin's over Obsidian and its settings,
 * the CLI's over a folder and its flags. Each answers one question; the planner puts them together
 * the same way for both. A host is made once per settings change (the CLI: once per process) and
 * serves every run until then: what differs between runs comes in `planRun`'s arguments.
 */
export interface RunPlannerHost {
  /** The model client, made once for as long as what it is made from stays the same. */
  model(): ChatModel;
  /** The model's context window and where it came from. */
  contextWindow(modelName: string): Promise<ContextWindow>;
  /** Waits, a little at most, for what the tools need that is still getting ready (the plugin's vault index), telling `onWaiting`. */
  toolsReady?(onWaiting: ((what: string) => void) | undefined): Promise<void>;
  /** The attachments' share of the window the user set (the CLI: the default). */
  readonly attachmentTokens: number;
  /** Reads what the question attaches, cut to `budgetTokens`; undefined when it attaches nothing. */
  notes(question: PlannedQuestion, budgetTokens: number): Promise<AttachedContext | undefined>;
  /** The images the question sends, and notices about those it cannot. */
  images(question: PlannedQuestion, attached: AttachedContext | undefined, modelName: string): Promise<{ readonly images: readonly QuestionImage[]; readonly notices: readonly string[] }>;
  /** The run's tools in `scope` (all notes without one), a notice above the composer, and notices for the trace. */
  tools(scope: RunScope | undefined): Promise<{ readonly tools: readonly AgentTool[]; readonly notice?: string; readonly notices: readonly string[] }>;
  /** The server's remembered refusal of tools for the model (its words), if any. */
  refusedTools(modelName: string): string | undefined;
}

/** A planned run, and the notice shown above the composer while it runs (e.g. the index is still building). */
export type PlannedRun = RunPlan & { readonly contextWindow: ContextWindow; readonly notice?: string };

/**
 * THE run planner, shared by the plugin and the CLI: the window first (the attachments' budget
 * is a share of it; the server is asked while the tools get ready), then what the question
 * attaches, the tools limited to its scope (the notes attached stay readable), its images, and
 * what is remembered of the model.
 */
export async function planRun(host: RunPlannerHost, modelName: string, question: PlannedQuestion): Promise<PlannedRun> {
  const model = host.model();
  const [contextWindow] = await Promise.all([host.contextWindow(modelName), host.toolsReady?.(question.onWaiting)]);
  const attached = await host.notes(question, attachmentBudget(contextWindow.tokens, host.attachmentTokens));
  const scope = attached?.scope === undefined ? undefined : { ...attached.scope, paths: attached.attachments.map((attachment) => attachment.path) };
  const tools = await host.tools(scope);
  const { images, notices: imageNotices } = await host.images(question, attached, modelName);
  const notices = [...tools.notices, ...imageNotices];
  // Images not sent are said above the composer too: the trace that records them is folded.
  const notice = [tools.notice, ...imageNotices].filter((line) => line !== undefined && line !== '').join(' ');
  const withoutTools = host.refusedTools(modelName);
  return {
    model,
    tools: tools.tools,
    contextWindow,
    ...(notice !== '' ? { notice } : {}),
    ...(notices.length > 0 ? { notices } : {}),
    ...(attached !== undefined ? { context: attached } : {}),
    ...(images.length > 0 ? { images } : {}),
    ...(withoutTools !== undefined ? { withoutTools } : {}),
  };
}

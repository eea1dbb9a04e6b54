import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createRunId, runAgent } from '../agent/run-agent';
import { DEFAULT_CONTEXT_BUDGET_TOKENS, type LiveRun, planRun, type RunPlannerHost } from '../agent';
import type { AgentEventBase, AgentRunEndStatus } from '../agent';
import { historyOfConversation } from '../conversation';
import { createOpenAiChatModel, discoverContextWindow } from '../llm';
import { runChoiceFor } from '../prompts';
import { createVaultTools, FolderExcludingSource, indexContextNotes, VaultIndex } from '../search';
import { parseAskArgs } from './ask-args';
import { buildCliMeaningSearch } from './cli-meaning-search';
import { readAskContext } from './ask-context';
import { readAskImages } from './ask-images';
import { readAskPrompt } from './ask-prompt';
import { createCliApprovalGate } from './cli-approval-gate';
import { openCliMcpServers } from './cli-mcp-servers';
import { CLI_ERROR_ADVICE } from './cli-error-advice';
import { CliUsageError, type CliIo, type StopSignal } from './cli-io';
import { continuedQuestion, openContinuedConversation } from './continued-conversation';
import { DEFAULT_CONVERSATION_FOLDER } from './node-conversation-store';
import { NodeVaultSource } from './node-vault-source';
import { GLASSBOX_OWN_FOLDERS } from './own-folders';
import { NodeNoteWriter } from './node-note-writer';
import { createWriteTools } from '../writes/write-tools';
import { saveAskRun } from './save-ask-run';
import { searchConversationsTools } from './search-conversations-tools';
import { sendRunTraces } from './send-run-traces';
import { TerminalBlockRenderer } from './terminal-block-renderer';
import { stripControls, terminalJson } from '../commands';

/** Exit status of a stopped run: 128 + the signal's number, as shells report it (130 for Ctrl-C). */
export const EXIT_STOPPED: Readonly<Record<StopSignal, number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

/** Exit status of a run a spending limit stopped (DESIGN.md 13.4). */
export const EXIT_BUDGET = 3;

/**
 * `glassbox ask` (DESIGN.md 8): indexes the vault folder, runs the agent with the vault tools
 * against an OpenAI-compatible endpoint, and shows the run: the live block in a terminal, plain
 * lines in a pipe, or one AgentEvent JSON per line with `--events jsonl`. `--save` writes the
 * conversation note into the vault and prints `saved: PATH` on stderr; `--continue NOTE` sends a
 * saved conversation's earlier turns (with their tool results) and appends this turn to it. Ctrl-C,
 * SIGTERM and SIGHUP (a closed terminal) stop the run like the chat view's stop button (partial
 * answer kept, saved with `--save`). `--mcp FILE` adds the
 * tools of MCP servers; each call is approved by `--allow-mcp`, a y/a/N prompt in a terminal, or
 * declined in a pipe. The agent may write notes (createNote, appendToNote, editNote): each write is
 * approved by `--allow-writes`, or in a terminal after its diff is printed (y/a/N), or declined in a pipe.
 *
 * `--max-run-tokens` / `--max-cost` (with prices) limit what the run spends (DESIGN.md 13.4).
 *
 * Exit status: 0 completed (also when the step limit ended it with a notice), 1 error (also a
 * failed save), 2 bad usage, 3 a spending limit stopped it, 130/143/129 stopped by SIGINT/SIGTERM/SIGHUP.
 */
export async function runAskCommand(args: readonly string[], io: CliIo): Promise<number> {
  const options = parseAskArgs(args, io.env);
  const vaultDir = resolve(io.cwd, options.vault);
  const info = await stat(vaultDir).catch(() => undefined);
  if (!info?.isDirectory()) throw new CliUsageError(`The vault folder ${options.vault} does not exist or is not a folder.`);

  const continued = options.continueNote === undefined ? null : await openContinuedConversation({ vaultDir, cwd: io.cwd, name: options.continueNote });
  for (const warning of continued?.warnings ?? []) io.stderr.write(`warning: ${stripControls(warning)}\n`);

  // Saved conversations and prompts are not notes to answer from (see FolderExcludingSource).
  const vaultSource = new NodeVaultSource(vaultDir);
  const source = new FolderExcludingSource(vaultSource, GLASSBOX_OWN_FOLDERS);
  const index = await VaultIndex.build(source);
  // The flags win over the prompt's own model and loop, which win over the environment.
  const prompt = options.prompt === undefined ? null : await readAskPrompt({ name: options.prompt, question: options.question, index, source: vaultSource, fixed: { model: options.modelFromFlag, loop: options.loopFromFlag } });
  const asked = prompt?.question ?? options.question;
  // `--continue NOTE` without a question resumes a stopped or limited run.
  const question = continued === null ? asked : continuedQuestion(asked, continued, options.continueNote ?? '');
  const { model: modelName, loopStyle } = runChoiceFor(prompt?.use, options);
  if (modelName === '') throw new CliUsageError('Say which model to use with --model NAME or GLASSBOX_MODEL (e.g. --model qwen3:8b).');
  // Search by meaning, when an embedding model is named: the notes are embedded for this run.
  const meaning = options.embeddings === undefined ? undefined : await buildCliMeaningSearch({ index, endpoint: options.embeddings });
  if (meaning?.notice !== undefined) io.stderr.write(stripControls(`${meaning.notice}\n`));
  const hybrid = meaning?.search;
  // Opened when the run's tools are planned, after what the question attaches was read (a wrong --note starts no server).
  const servers: { mcp: Awaited<ReturnType<typeof openCliMcpServers>> | null } = { mcp: null };
  const model = createOpenAiChatModel({ baseUrl: options.baseUrl, idleTimeoutMs: options.timeoutMs, maxOutputTokens: options.maxTokens, ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}) });
  // The one planner the plugin uses too, over the folder and the flags.
  const host: RunPlannerHost = {
    model: () => model,
    // The model's window (DESIGN.md 12.1): the flag, else the server is asked (once the model is known: a prompt may name it).
    contextWindow: (name) => (options.contextWindow !== undefined ? Promise.resolve({ tokens: options.contextWindow, source: 'setting' }) : discoverContextWindow({ baseUrl: options.baseUrl, model: name, ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}) })),
    attachmentTokens: DEFAULT_CONTEXT_BUDGET_TOKENS,
    // Attached notes are read from the whole vault: a --note may name a saved conversation.
    notes: async (planned, budgetTokens) => (await readAskContext({ vaultDir, cwd: io.cwd, question: planned.question, notes: options.notes, folders: options.folders, tags: options.tags, index, source: vaultSource, prompt, budgetTokens })) ?? undefined,
    images: async () => ({ images: await readAskImages({ paths: options.images, cwd: io.cwd, vaultDir }), notices: [] }),
    tools: async (scope) => {
      if (options.mcpFile !== undefined) servers.mcp = await openCliMcpServers({ file: options.mcpFile, cwd: io.cwd, stderr: io.stderr });
      const mcpTools = servers.mcp === null ? { tools: [], notices: [] } : await servers.mcp.toolsForRun();
      return {
        tools: [
          ...createVaultTools({ index, source, ...(hybrid !== undefined ? { hybrid: () => hybrid } : {}), ...(scope !== undefined ? { scope } : {}) }),
          ...(await searchConversationsTools(vaultSource)),
          ...createWriteTools({ writer: new NodeNoteWriter(vaultDir, { conversationsFolder: DEFAULT_CONVERSATION_FOLDER }), conversationsFolder: () => DEFAULT_CONVERSATION_FOLDER }),
          ...mcpTools.tools,
        ],
        notices: mcpTools.notices,
      };
    },
    refusedTools: () => undefined,
  };
  const plan = await planRun(host, modelName, { question: asked }).catch(async (error: unknown) => {
    await servers.mcp?.close();
    throw error;
  });
  const context = plan.context ?? null;
  const images = plan.images ?? [];
  const { contextWindow } = plan;
  const controller = new AbortController();
  let stoppedBy: StopSignal = 'SIGINT';
  const unregister = io.onInterrupt((signal) => {
    if (!controller.signal.aborted) stoppedBy = signal;
    controller.abort();
  });
  const startedAt = Date.now();
  const runId = createRunId(startedAt);
  const renderer = options.eventsJsonl
    ? null
    : new TerminalBlockRenderer({ out: io.stdout, tty: io.stdout.isTTY === true, columns: io.stdout.columns ?? 80, rows: io.stdout.rows ?? 0, now: Date.now });
  // The run's values as the runner folded them (its one fold of the events); the block draws them.
  let live: LiveRun | null = null;
  // Like every event, the window's line names its run and its moment (DESIGN.md 8).
  const windowEvent: AgentEventBase & { type: 'context_window'; tokens: number; source: string } = { type: 'context_window', runId, at: Date.now(), tokens: contextWindow.tokens, source: contextWindow.source };
  if (renderer === null) io.stdout.write(`${JSON.stringify(windowEvent)}\n`);
  try {
    const { notice: _notice, ...run } = plan;
    const result = await runAgent({
      ...run,
      modelName,
      runId,
      errorAdvice: CLI_ERROR_ADVICE,
      // The answer's citations are checked against the indexed notes by the link rule of typed [[links]] (DESIGN.md 13.3).
      citationNotes: indexContextNotes({ index, source: vaultSource }),
      approvals: createCliApprovalGate({ allowMcp: options.allowMcp, allowWrites: options.allowWrites, prompt: io.prompt, stderr: io.stderr }),
      question,
      // A continued conversation's earlier turns, with every tool result they had (DESIGN.md 11.4).
      history: continued === null ? [] : historyOfConversation(continued.conversation.messages),
      signal: controller.signal,
      startedAt,
      loopStyle,
      ...(options.maxIterations !== undefined ? { maxIterations: options.maxIterations } : {}),
      ...(options.spending !== undefined ? { spending: options.spending } : {}),
      onRun: (run) => {
        live = run;
      },
      onEvent: (event) => {
        if (renderer === null) {
          io.stdout.write(`${terminalJson(event)}\n`);
          return;
        }
        renderer.handle(event, live?.reasoning ?? null);
      },
    });
    if ((result.status === 'error' || result.status === 'budget') && result.error !== undefined) io.stderr.write(`${stripControls(result.error)}\n`);
    // A failed save is an error even after a complete answer: the user asked for the note.
    const save = options.save || continued !== null;
    const saved = !save || (await saveAskRun({ vaultDir, model: modelName, question, startedAt, result, io, continued, context, images }));
    if (options.otlpEndpoint !== undefined) await sendRunTraces({ endpoint: options.otlpEndpoint, includeContent: options.otlpIncludeContent, model: modelName, question, startedAt, result, io, ...(continued !== null ? { conversationId: continued.conversation.id } : {}) });
    if (!saved) return 1;
    return exitStatus(result.status, stoppedBy);
  } finally {
    renderer?.dispose();
    unregister();
    await servers.mcp?.close();
  }
}

function exitStatus(status: AgentRunEndStatus, stoppedBy: StopSignal): number {
  switch (status) {
    case 'complete':
    case 'max_iterations':
      return 0;
    case 'error':
      return 1;
    case 'budget':
      return EXIT_BUDGET;
    case 'stopped':
      return EXIT_STOPPED[stoppedBy];
    default: {
      const unreachable: never = status;
      return unreachable;
    }
  }
}

import { notesInToolResult } from '../agent';
import type { Conversation, ConversationMessage } from '../conversation';
import { modelTurnsOf, parseAssistantContent, sumUsage, type ReasoningModelTurn, type ReasoningPayload, type ReasoningStep, type ReasoningUsage } from '../markers';

/** One agent run of a saved conversation: an answer with its trace, and the question it answered. */
export interface ConversationRun {
  /** The question's text; '' when the answer has no question before it. */
  readonly question: string;
  /** The answer as the reader sees it (markers and think sections removed). */
  readonly answer: string;
  readonly message: ConversationMessage;
  readonly payload: ReasoningPayload;
  /** Epoch ms when the run started (the question was sent). */
  readonly startedAt: number;
  /** Epoch ms when it ended; the start plus its elapsed time when the trace has no end. */
  readonly endedAt: number;
  readonly turns: readonly ReasoningModelTurn[];
  readonly usage: ReasoningUsage | undefined;
  /** Each tool call of the run, in order. */
  readonly toolSteps: readonly ReasoningStep[];
  /** Vault paths of the notes whose text reached the model in this run (attached, read, or found by search). */
  readonly notesRead: readonly string[];
}

/** The runs of a conversation, oldest first: every assistant message that carries a readable trace. */
export function conversationRuns(conversation: Conversation): ConversationRun[] {
  const runs: ConversationRun[] = [];
  let question: ConversationMessage | undefined;
  for (const message of conversation.messages) {
    if (message.role === 'user') {
      question = message;
      continue;
    }
    const parsed = parseAssistantContent(message.content);
    const payload = parsed.reasoning;
    if (payload === null) continue;
    const turns = modelTurnsOf(payload);
    const toolSteps = payload.steps.filter((step) => step.kind === 'tool' && step.tool !== undefined);
    const startedAt = payload.startedAt;
    const endedAt = typeof payload.endedAt === 'number' ? payload.endedAt : lastMoment(payload, turns);
    runs.push({
      question: question?.content ?? '',
      answer: parsed.text,
      message,
      payload,
      startedAt,
      endedAt: Math.max(startedAt, endedAt),
      turns,
      usage: payload.usage ?? sumUsage(turns.flatMap((turn) => (turn.usage !== undefined ? [turn.usage] : []))),
      toolSteps,
      notesRead: notesReadIn(question, toolSteps),
    });
  }
  return runs;
}

/** The latest moment a trace records: its start plus elapsed time, its last call's end, its last step. */
function lastMoment(payload: ReasoningPayload, turns: readonly ReasoningModelTurn[]): number {
  const moments = [payload.startedAt + payload.elapsedMs + (payload.pausedMs ?? 0)];
  for (const turn of turns) moments.push(turn.at + turn.durationMs);
  for (const step of payload.steps) moments.push(step.at + (step.tool?.durationMs ?? 0));
  return Math.max(...moments);
}

function notesReadIn(question: ConversationMessage | undefined, toolSteps: readonly ReasoningStep[]): string[] {
  const paths = new Set<string>();
  for (const note of question?.attachments?.notes ?? []) paths.add(note.path);
  for (const step of toolSteps) {
    const tool = step.tool;
    if (tool?.status !== 'ok' || typeof tool.output !== 'string') continue;
    // The same reading of a vault tool's result the citations check uses for earlier turns.
    for (const path of notesInToolResult(tool.name, tool.output)) paths.add(path);
  }
  return [...paths];
}

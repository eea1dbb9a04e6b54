import type { AgentRunResult, AttachedContext, QuestionImage } from '../agent';
import { attachmentsRecord } from '../chat';
import { baselineOf, createConversation, createMessageId, titleFromQuestion } from '../conversation';
import type { ContinuedConversation } from './continued-conversation';
import { describeFsError } from './describe-fs-error';
import type { CliIo } from './cli-io';
import { DEFAULT_CONVERSATION_FOLDER, NodeConversationStore } from './node-conversation-store';
import { stripControls } from '../commands';

/**
 * `ask --save` and `ask --continue`: writes the question and the run's answer (complete, stopped or failed) as a
 * conversation note and prints `saved: PATH` on stderr. A failed save is one sentence on stderr
 * instead (the answer is already on screen); returns whether the note was written.
 */
export async function saveAskRun(options: {
  vaultDir: string;
  model: string;
  question: string;
  startedAt: number;
  result: AgentRunResult;
  io: CliIo;
  /** `ask --continue`: the conversation the turn is appended to, and its note. */
  continued?: ContinuedConversation | null;
  /** What the question attached (`--note`, `[[links]]`, the scope): listed under it in the note. */
  context?: AttachedContext | null;
  /** `--image` files: listed under the question (a vault image embedded), never their data. */
  images?: readonly QuestionImage[];
}): Promise<boolean> {
  const { vaultDir, model, question, startedAt, result, io, continued } = options;
  const images = options.images ?? [];
  const attachments = options.context == null && images.length === 0 ? null : attachmentsRecord(options.context ?? { attachments: [], missingLinks: [], budgetTokens: 0 }, images);
  const conversation = continued?.conversation ?? createConversation({ model, now: startedAt, title: titleFromQuestion(question) });
  try {
    const saved = await new NodeConversationStore({ vaultDir }).save(
      {
        ...conversation,
        updatedAt: Date.now(),
        model,
        messages: [
          ...conversation.messages,
          // Fresh ids: positional ones could repeat an id of a message the user deleted from the note.
          { id: createMessageId(startedAt), role: 'user', at: startedAt, content: question, ...(attachments !== null ? { attachments } : {}) },
          { id: createMessageId(startedAt), role: 'assistant', at: startedAt, content: result.content, transcript: result.transcript },
        ],
      },
      // The baseline is the note as read: its messages are never appended again, even one whose
      // metadata was unreadable (it got a positional id), and another run's turns saved meanwhile stay.
      { ...(continued?.notePath != null ? { note: continued.notePath, baseline: baselineOf(continued.conversation) } : {}), adoptNoteWithoutId: continued?.adoptNoteWithoutId === true },
    );
    io.stderr.write(`saved: ${stripControls(saved.path)}\n`);
    return true;
  } catch (error) {
    io.stderr.write(`The conversation could not be saved in ${DEFAULT_CONVERSATION_FOLDER}: ${describeFsError(error)}.\n`);
    return false;
  }
}

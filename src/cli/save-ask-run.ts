import type { AgentRunResult } from '../agent';
import { createConversation, titleFromQuestion } from '../conversation';
import { describeFsError } from './describe-fs-error';
import type { CliIo } from './cli-io';
import { DEFAULT_CONVERSATION_FOLDER, NodeConversationStore } from './node-conversation-store';
import { stripControls } from './terminal-text';

/**
 * `ask --save`: writes the question and the run's answer (complete, stopped or failed) as a
 * conversation note and prints `saved: PATH` on stderr. A failed save is one sentence on stderr
 * instead (the answer is already on screen); returns whether the note was written.
 */
export async function saveAskRun(options: { vaultDir: string; model: string; question: string; startedAt: number; result: AgentRunResult; io: CliIo }): Promise<boolean> {
  const { vaultDir, model, question, startedAt, result, io } = options;
  const conversation = createConversation({ model, now: startedAt, title: titleFromQuestion(question) });
  try {
    const saved = await new NodeConversationStore({ vaultDir }).save({
      ...conversation,
      updatedAt: Date.now(),
      messages: [
        { role: 'user', at: startedAt, content: question },
        { role: 'assistant', at: startedAt, content: result.content, transcript: result.transcript },
      ],
    });
    io.stderr.write(`saved: ${stripControls(saved.path)}\n`);
    return true;
  } catch (error) {
    io.stderr.write(`The conversation could not be saved in ${DEFAULT_CONVERSATION_FOLDER}: ${describeFsError(error)}.\n`);
    return false;
  }
}

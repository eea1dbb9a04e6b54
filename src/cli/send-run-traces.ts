import type { AgentRunResult } from '../agent';
import { createConversation, createMessageId, titleFromQuestion } from '../conversation';
import { exportOtlp, sendOtlpTraces } from '../traces';
import type { CliIo } from './cli-io';
import { stripControls } from '../commands';

/**
 * `ask --otlp-endpoint URL`: the finished run's traces to a collector (DESIGN.md 13.5), what was
 * said only with `--otlp-include-content`. Says on stderr where they went or why they did not;
 * the exit status stays the run's.
 */
export async function sendRunTraces(options: { endpoint: string; includeContent: boolean; model: string; question: string; startedAt: number; result: AgentRunResult; conversationId?: string; io: CliIo }): Promise<void> {
  const { io } = options;
  const conversation = {
    ...createConversation({ model: options.model, now: options.startedAt, title: titleFromQuestion(options.question) }),
    ...(options.conversationId !== undefined && options.conversationId !== '' ? { id: options.conversationId } : {}),
  };
  const messages = [
    { id: createMessageId(options.startedAt), role: 'user' as const, at: options.startedAt, content: options.question },
    { id: createMessageId(options.startedAt), role: 'assistant' as const, at: options.startedAt, content: options.result.content },
  ];
  const request = exportOtlp({ ...conversation, messages }, { includeContent: options.includeContent });
  const sent = await sendOtlpTraces(options.endpoint, request, fetch);
  io.stderr.write(stripControls(sent.ok ? `traces sent: ${sent.url}\n` : `The traces could not be sent to ${sent.url}: ${sent.problem}.\n`));
}

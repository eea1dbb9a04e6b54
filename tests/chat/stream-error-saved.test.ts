import { runAgent } from '../../src/agent/run-agent';
import { ChatController } from '../../src/chat';
import { parseConversationNote, serializeConversationNote, type Conversation } from '../../src/conversation';
import { createOpenAiChatModel } from '../../src/llm';
import { parseAssistantContent } from '../../src/markers';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { sampleReadTool, sampleSearchTool } from '../support/sample-agent-tools';

// DESIGN.md 12.1: an error chunk inside a 200 stream (OpenRouter) ends the run with the
// provider's message and the partial answer kept. The chat core with the real runner and SDK
// over HTTP; the turn goes through the save hook the chat view saves with (`onTurnEnd`), then
// through the note format and back.
let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer({
    scenarios: { 'error-chunk': scenario().turn((t) => t.text('Refunds are paid within', { chunkChars: 4 }).streamError('Upstream provider went away')) },
  });
});
afterAll(() => server.close());

it('keeps and saves the partial answer when an error chunk ends the stream', async () => {
  const saved: Conversation[] = [];
  const chat = new ChatController({
    prepareRun: () => Promise.resolve({ model: createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }), tools: [sampleSearchTool(), sampleReadTool()] }),
    runAgent,
    model: 'error-chunk',
    loopStyle: 'tools',
    maxIterations: 4,
    scheduleFrame: (callback) => setTimeout(callback, 0),
    saver: {
      save: (conversation) => {
        saved.push(conversation);
        return Promise.resolve();
      },
    },
  });
  await chat.send('How long do refunds take?');
  const conversation = saved.at(-1);
  if (conversation === undefined) throw new Error('the turn was not saved');
  const note = parseConversationNote(serializeConversationNote(conversation));
  if (!note.ok) throw new Error('the saved note does not parse');
  const answer = parseAssistantContent(note.value.messages.at(-1)?.content ?? '');
  expect(answer.text).toBe('Refunds are paid within');
  expect(answer.reasoning).toMatchObject({ status: 'error' });
  expect(answer.reasoning?.error).toContain('Upstream provider went away');
  chat.dispose();
});

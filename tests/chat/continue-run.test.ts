import { runAgent } from '../../src/agent/run-agent';
import { ChatController, type ChatState, orderedMessages, resumableMessageId, savedContentOf } from '../../src/chat';
import { CONTINUE_QUESTION } from '../../src/conversation';
import { createOpenAiChatModel } from '../../src/llm';
import { readLeadingMarker } from '../../src/markers';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { gate } from '../support/gate';
import { sampleReadTool, sampleSearchTool } from '../support/sample-agent-tools';
import { chatRequests, messagesSent, type WireMessage } from '../support/wire-messages';
import type { AgentLoopStyle } from '../../src/agent';

// DESIGN.md 11.2: "Continue" after a stop or the step limit resumes the run with its transcript.
// The chat core with the real runner and the real openai SDK over HTTP to the scripted model
// server on loopback; the server records each request, so the test reads what the model was sent.

let server: ModelServer;
/** Holds the stoppable run's answer mid-stream, so the stop lands there. */
const answering = gate();

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      // A search, a read, then the answer: at a limit of one step the run stops after the search.
      researcher: scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'refunds' }, { id: 'call_search' }))
        .turn((t) => t.toolCall('readNote', { path: 'Refund policy.md' }, { id: 'call_read' }))
        .turn((t) => t.text('Refunds are paid within 14 days ([[Refund policy]]).')),
      // The model a prompt's frontmatter names, and the toolbar's: the wire says which one a request went to.
      'prompt-model': scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'refunds' }, { id: 'call_search' }))
        .turn((t) => t.toolCall('readNote', { path: 'Refund policy.md' }, { id: 'call_read' }))
        .turn((t) => t.text('Refunds are paid within 14 days ([[Refund policy]]).')),
      toolbar: scenario().turn((t) => t.text('Continued with the toolbar model.')),
      stoppable: scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'refunds' }, { id: 'call_search' }))
        .turn((t) => t.text('Refunds are paid within', { chunkChars: 200 }).hold(answering.opened).text(' 14 days.')),
    },
  });
});

afterAll(async () => {
  answering.open();
  await server.close();
});

function chat(model: string, maxIterations: number, loopStyle: AgentLoopStyle = 'tools') {
  return new ChatController({
    prepareRun: () => Promise.resolve({ model: createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }), tools: [sampleSearchTool(), sampleReadTool()] }),
    runAgent,
    model,
    loopStyle,
    maxIterations,
    scheduleFrame: (callback) => setTimeout(callback, 0),
  });
}

const statusOf = (state: ChatState) => {
  const last = orderedMessages(state).at(-1);
  return last === undefined ? undefined : readLeadingMarker(last.content).reasoning?.status;
};

/** The messages of the first request that ends with `question`. */
function requestEndingWith(question: string, from: number): WireMessage[] {
  for (const request of server.requests.slice(from)) {
    const messages = messagesSent(request);
    if (messages.at(-1)?.role === 'user' && messages.at(-1)?.content === question) return messages;
  }
  throw new Error(`No request ended with "${question}"`);
}

/** Asserts `messages` hold the first run's search call and its result, in order, before the continue question. */
function expectFirstRunInside(messages: readonly WireMessage[]) {
  const call = messages.findIndex((message) => message.role === 'assistant' && (message.tool_calls ?? []).some((entry) => entry.id === 'call_search' && entry.function.name === 'localSearch'));
  const result = messages.findIndex((message) => message.role === 'tool' && message.tool_call_id === 'call_search');
  expect(call).toBeGreaterThan(0);
  expect(result).toBeGreaterThan(call);
  expect(messages[result].content).toContain('Refund policy.md: Refunds are paid within 14 days of the return.');
  expect(messages.findIndex((message) => message.role === 'user' && message.content === 'How long do refunds take?')).toBeLessThan(call);
  expect(messages.at(-1)).toEqual({ role: 'user', content: CONTINUE_QUESTION });
}

describe('Continue in the chat', () => {
  it('after the step limit: the continued request carries the run\'s tool call and tool result, and the run goes on to read and answer', async () => {
    const controller = chat('researcher', 1);
    await controller.send('How long do refunds take?');
    expect(statusOf(controller.store.current())).toBe('max_iterations');
    expect(resumableMessageId(controller.store.current())).toBe(orderedMessages(controller.store.current()).at(-1)?.id);
    const before = server.requests.length;

    controller.configureNextRun({ maxIterations: 10 });
    await controller.continueRun();
    expectFirstRunInside(requestEndingWith(CONTINUE_QUESTION, before));
    const messages = orderedMessages(controller.store.current());
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages[2].content).toBe(CONTINUE_QUESTION);
    expect(statusOf(controller.store.current())).toBe('complete');
    expect(resumableMessageId(controller.store.current())).toBeNull();
    // The continued run searched and read: the model took up the work where the limit cut it off.
    const continued = server.requests.slice(before).map(messagesSent);
    expect(continued.at(-1)!.some((message) => message.role === 'tool' && message.tool_call_id === 'call_read')).toBe(true);
  });

  it('after a stop mid-answer: the continued request carries the stopped run\'s tool call and tool result', async () => {
    const controller = chat('stoppable', 10);
    const sent = controller.send('How long do refunds take?');
    await new Promise<void>((resolve) => {
      const unsubscribe = controller.store.subscribe(() => {
        const last = orderedMessages(controller.store.getState()).at(-1);
        // The live message holds its run as values (its content is composed only to save).
        if (last !== undefined && savedContentOf(last).includes('Refunds are paid within')) {
          unsubscribe();
          resolve();
        }
      });
    });
    controller.stop();
    await sent;
    answering.open();
    expect(statusOf(controller.store.current())).toBe('stopped');
    expect(resumableMessageId(controller.store.current())).not.toBeNull();
    const before = server.requests.length;

    await controller.continueRun();
    expectFirstRunInside(requestEndingWith(CONTINUE_QUESTION, before));
  });

  it("after a prompt's run: Continue runs with the prompt's model and loop, not the toolbar's", async () => {
    // The toolbar: model "toolbar", the reason-act-observe loop; the prompt: model "prompt-model", the tools loop.
    const controller = chat('toolbar', 1, 'reason-act-observe');
    await controller.send('How long do refunds take?', { prompt: { name: 'Refunds', variables: [], model: 'prompt-model', loop: 'tools' } });
    expect(statusOf(controller.store.current())).toBe('max_iterations');
    const before = chatRequests(server).length;

    controller.configureNextRun({ maxIterations: 10 });
    await controller.continueRun();
    const continued = chatRequests(server).slice(before);
    // Every request of the continued run went to the prompt's model and offered the tools (the tools loop's first request does; reason-act-observe's would not).
    expect(continued.length).toBeGreaterThan(0);
    expect(continued.map((request) => (request.body as { model?: string }).model)).toEqual(continued.map(() => 'prompt-model'));
    expect(continued.map((request) => ((request.body as { tools?: unknown[] }).tools ?? []).length > 0)).toEqual(continued.map(() => true));
    expect(statusOf(controller.store.current())).toBe('complete');
    // The toolbar's choice is unchanged for the next question.
    expect(controller.store.current().model).toBe('toolbar');
    expect(controller.store.current().loopStyle).toBe('reason-act-observe');
  });

  it('does nothing after a normal end', async () => {
    const controller = chat('researcher', 10);
    await controller.send('How long do refunds take?');
    expect(statusOf(controller.store.current())).toBe('complete');
    const before = server.requests.length;
    await controller.continueRun();
    expect(server.requests.length).toBe(before);
    expect(orderedMessages(controller.store.current())).toHaveLength(2);
  });
});

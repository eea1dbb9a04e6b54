import { runAgent } from '../../src/agent/run-agent';
import { answerVersion, ChatController, orderedMessages, regenerableAnswerId, resumableMessageId, shownMessageIds } from '../../src/chat';
import type { Conversation } from '../../src/conversation';
import { createOpenAiChatModel } from '../../src/llm';
import { stripMarkers } from '../../src/markers';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { chatRequests, messagesSent } from '../support/wire-messages';

// Regenerate in the chat core (DESIGN.md 12.3) with the real runner and the real openai SDK over
// HTTP to the scripted model server on loopback, which answers each request with its next turn.

let server: ModelServer;

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      answers: scenario()
        .turn((t) => t.text('First answer.'))
        .turn((t) => t.text('Second answer.'))
        .turn((t) => t.text('Third answer.'))
        .turn((t) => t.text('Next answer.'))
        .selectTurnsBy('request'),
    },
  });
});

afterAll(() => server.close());

function chat(saved: Conversation[] = []) {
  return new ChatController({
    prepareRun: () => Promise.resolve({ model: createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }), tools: [] }),
    runAgent,
    model: 'answers',
    loopStyle: 'tools',
    maxIterations: 4,
    saver: { save: (conversation) => { saved.push(conversation); return Promise.resolve(); } },
    scheduleFrame: (callback) => setTimeout(callback, 0),
  });
}

const shownAnswers = (controller: ChatController) => shownMessageIds(controller.store.current()).map((id) => stripMarkers(controller.store.current().messages[id].content).trim());

describe('Regenerate in the chat core', () => {
  it('keeps every answer, shows the newest, switches between them, and saves each choice', async () => {
    const saved: Conversation[] = [];
    const controller = chat(saved);
    await controller.send('How long do refunds take?');
    const first = regenerableAnswerId(controller.store.current())!;
    await controller.regenerate(first);
    const second = regenerableAnswerId(controller.store.current())!;
    await controller.regenerate(second);
    const state = controller.store.current();
    expect(orderedMessages(state).map((message) => message.role)).toEqual(['user', 'assistant', 'assistant', 'assistant']);
    expect(shownAnswers(controller)).toEqual(['How long do refunds take?', 'Third answer.']);
    const third = shownMessageIds(state).at(-1)!;
    expect(answerVersion(state, third)).toEqual({ position: 3, count: 3, previousId: second, nextId: null });
    expect(orderedMessages(state).slice(2).map((message) => message.alternateOf)).toEqual([first, first]);

    const saves = saved.length;
    controller.showAnswer(first);
    expect(shownAnswers(controller)).toEqual(['How long do refunds take?', 'First answer.']);
    expect(answerVersion(controller.store.current(), first)?.position).toBe(1);
    expect(saved.length).toBe(saves + 1);
    // Regenerate and Continue go by the answer shown, never a hidden one.
    expect(regenerableAnswerId(controller.store.current())).toBe(first);
    expect(resumableMessageId(controller.store.current())).toBeNull();
    // "Insert last answer at cursor" inserts the answer shown.
    expect(controller.lastAnswer()).toBe('First answer.');
  });

  it('sends the regenerated run the same request as the first, and the next question only the shown answer', async () => {
    const controller = chat();
    const before = chatRequests(server).length;
    await controller.send('How long do refunds take?');
    await controller.regenerate(regenerableAnswerId(controller.store.current())!);
    const [firstRequest, regeneratedRequest] = chatRequests(server).slice(before).map(messagesSent);
    expect(regeneratedRequest).toEqual(firstRequest);

    const [firstId] = orderedMessages(controller.store.current()).filter((message) => message.role === 'assistant').map((message) => message.id);
    controller.showAnswer(firstId);
    await controller.send('And gift cards?');
    const next = messagesSent(chatRequests(server).at(-1)!);
    const answers = next.filter((message) => message.role === 'assistant').map((message) => message.content);
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatch(/^(First|Second|Third|Next) answer\.$/);
    // Exactly the answer shown above the new question.
    expect(answers[0]).toBe(stripMarkers(controller.store.current().messages[firstId].content).trim());
  });

  it('offers no regenerate while a run is going or on an earlier answer', async () => {
    const controller = chat();
    await controller.send('One?');
    const earlier = regenerableAnswerId(controller.store.current())!;
    await controller.send('Two?');
    const before = chatRequests(server).length;
    await controller.regenerate(earlier);
    expect(chatRequests(server).length).toBe(before);
    expect(orderedMessages(controller.store.current())).toHaveLength(4);
  });
});

import { runAgent } from '../../src/agent/run-agent';
import type { AgentRunOptions, QuestionImage } from '../../src/agent';
import { createOpenAiChatModel } from '../../src/llm';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';

// Issue 29 item 4 (DESIGN.md 12.4): an image goes as an image_url part through the real openai SDK
// over HTTP to the scripted server; a server that refuses images gets the question without them.

// A 1×1 PNG.
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const IMAGE: QuestionImage = { name: 'whiteboard.png', path: 'Attachments/whiteboard.png', dataUrl: `data:image/png;base64,${PIXEL}`, bytes: 70 };

let server: ModelServer;

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      sees: scenario().turn((t) => t.text('A whiteboard with three boxes.')),
      // OpenAI's answer for a model without vision.
      'no-tools': scenario().turn((t) => t.httpError(400, 'registry.ollama.ai/library/gemma:2b does not support tools')),
      blind: scenario().turn((t) => t.httpError(400, 'Invalid content type. image_url is only supported by certain models.', { times: 1 }).text('I cannot see images, but from the question: three boxes.')),
    },
  });
});

afterAll(() => server.close());

type Part = { type: string; text?: string; image_url?: { url: string } };
type Body = { messages: { role: string; content: string | Part[] }[] };

async function ask(modelName: string, extra: Partial<AgentRunOptions> = {}) {
  const before = server.requests.length;
  const result = await runAgent({
    model: createOpenAiChatModel({ baseUrl: server.url }),
    modelName,
    tools: [],
    question: 'What is on this whiteboard?',
    history: [],
    signal: new AbortController().signal,
    onEvent: () => {},
    images: [IMAGE],
    ...extra,
  });
  return { result, bodies: server.requests.slice(before).map((request) => request.body as Body) };
}

describe('a question with an image', () => {
  it('sends the image as an image_url part after the text, and the context step names it', async () => {
    const { result, bodies } = await ask('sees');
    expect(result.status).toBe('complete');
    expect(bodies).toHaveLength(1);
    expect(bodies[0].messages.at(-1)?.content).toEqual([
      { type: 'text', text: 'What is on this whiteboard?' },
      { type: 'image_url', image_url: { url: IMAGE.dataUrl } },
    ]);
    const context = result.payload.steps.find((step) => step.kind === 'context');
    expect(context?.summary).toBe('Attached whiteboard.png (image, 1 KB)');
    expect(context?.detail).toBe('- Attachments/whiteboard.png: image, 1 KB');
  });

  it('goes on without the image when the server refuses images, saying so in one sentence', async () => {
    const { result, bodies } = await ask('blind');
    expect(result.status).toBe('complete');
    expect(result.answer).toBe('I cannot see images, but from the question: three boxes.');
    expect(bodies.map((body) => typeof body.messages.at(-1)?.content)).toEqual(['object', 'string']);
    expect(result.payload.steps.filter((step) => step.kind === 'notice').map((step) => step.summary)).toEqual([
      'blind does not take images, so the question was sent without them (mark only models that accept images in the settings)',
    ]);
  });

  it('does not drop the image for a refusal about something else', async () => {
    const { result, bodies } = await ask('no-tools');
    expect(result.status).toBe('error');
    expect(bodies.every((body) => typeof body.messages.at(-1)?.content === 'object')).toBe(true);
  });
});

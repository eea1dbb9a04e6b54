import { ChatPage } from './support/chat-page';
import { startPlaygroundSession, type PlaygroundSession } from './support/playground-session';

// What a user with the developer console open sees when a fresh chat session asks its first
// question of the demo's scripted server (an OpenAI-compatible server that is none of Ollama,
// LM Studio or llama.cpp): the plugin recognises the server once and asks each endpoint at most
// once for the model list and the context window together (issue 30's leftover).
describe('the requests of a fresh chat session', () => {
  let session: PlaygroundSession;
  let chat: ChatPage;
  const seen: { readonly method: string; readonly path: string; readonly status: number }[] = [];

  beforeAll(async () => {
    session = await startPlaygroundSession();
    chat = new ChatPage(session.page);
  });

  afterAll(async () => {
    await session.close();
  });

  it('asks each of the server\'s endpoints at most once up to the first answer, with only the three recognising probes answered 404', async () => {
    const { page } = session;
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/proxy/')) seen.push({ method: response.request().method(), path: url.pathname.slice('/api/proxy'.length), status: response.status() });
    });
    // A fresh session: the playground opens its chat view, and the first question is asked.
    await session.open();
    await chat.ask('What did we decide about monthly passes?');
    await chat.waitForIdle(30_000);
    expect(await chat.lastAnswer.textContent()).toMatch(/\S/);

    const discovery = seen.filter((request) => request.path !== '/v1/chat/completions');
    const asked = discovery.map((request) => `${request.method} ${request.path}`);
    process.stdout.write(`server-probes: ${seen.length} requests, ${seen.filter((request) => request.status >= 300).length} not 2xx: ${seen.map((request) => `${request.method} ${request.path} ${request.status}`).join(', ')}\n`);
    expect(new Set(asked).size).toBe(asked.length);
    expect(discovery.filter((request) => request.status === 404).map((request) => request.path).sort()).toEqual(['/api/tags', '/api/v0/models', '/props']);
  });
});

import { ChatPage } from './support/chat-page';
import { startPlaygroundSession, type PlaygroundSession } from './support/playground-session';

// On mobile the chat reaches the model with the web view's fetch, so a server that sends no CORS
// headers fails the same way as a server that is down. The playground's mobile mode
// (`?platform=mobile`) leaves the page's fetch bound by Chromium's CORS checks, as on a phone.
describe('mobile: a model server without CORS headers', () => {
  let session: PlaygroundSession | undefined;

  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  const answerText = async (chat: ChatPage): Promise<string> => {
    await chat.waitForIdle();
    return (await chat.lastAnswer.textContent()) ?? '';
  };

  it('says in one sentence that the server refuses the app by CORS, and how to allow it', async () => {
    session = await startPlaygroundSession({ modelServer: { cors: false } });
    await session.open('?platform=mobile');
    const chat = new ChatPage(session.page);
    await chat.ask('Who approves refunds above 20 euros?');
    const text = await answerText(chat);
    expect(text).toContain(`The model server at ${new URL(session.modelServer.url).origin} is running but does not allow requests from Obsidian on mobile (CORS)`);
    expect(text).toContain('OLLAMA_ORIGINS');
    expect(text).toContain('Enable CORS');
  });

  it('answers as usual when the server allows the origin', async () => {
    session = await startPlaygroundSession();
    await session.open('?platform=mobile');
    const chat = new ChatPage(session.page);
    await chat.ask('Who approves refunds above 20 euros?');
    const text = await answerText(chat);
    expect(text).toContain('Eli Novak');
    expect(text).not.toContain('CORS');
  });

  it('still says "could not reach" when nothing listens at the address', async () => {
    session = await startPlaygroundSession({ settings: { baseUrl: 'http://127.0.0.1:9/v1' } });
    await session.open('?platform=mobile');
    const chat = new ChatPage(session.page);
    await chat.ask('Who approves refunds above 20 euros?');
    const text = await answerText(chat);
    expect(text).toContain('Could not reach http://127.0.0.1:9/v1');
    expect(text).not.toContain('CORS');
  });
});

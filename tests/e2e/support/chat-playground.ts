import { ChatPage } from './chat-page';
import { startPlaygroundSession, type PlaygroundSession, type PlaygroundSessionOptions } from './playground-session';

/** A playground opened on its chat view: what a chat e2e file starts in its `beforeAll`. */
export async function openChatPlayground(options: PlaygroundSessionOptions = {}): Promise<{ session: PlaygroundSession; chat: ChatPage }> {
  const session = await startPlaygroundSession(options);
  await session.open();
  return { session, chat: new ChatPage(session.page) };
}

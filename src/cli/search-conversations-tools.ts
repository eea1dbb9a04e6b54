import type { AgentTool } from '../agent';
import { isInsideFolder, type VaultSource } from '../search';
import { createSearchConversationsTool } from '../traces/search-conversations-tool';
import { DEFAULT_CONVERSATION_FOLDER } from './node-conversation-store';

/**
 * `searchConversations` over the vault's saved conversations (DESIGN.md 13.5), offered only when
 * there is one: a tool that can find nothing costs every request its schema.
 */
export async function searchConversationsTools(source: VaultSource): Promise<AgentTool[]> {
  const notes = await source.listNotes();
  if (!notes.some((note) => isInsideFolder(note.path, DEFAULT_CONVERSATION_FOLDER))) return [];
  return [createSearchConversationsTool({ source, folder: () => DEFAULT_CONVERSATION_FOLDER })];
}

import { DEFAULT_PROMPTS_FOLDER } from '../prompts';
import { DEFAULT_CONVERSATION_FOLDER } from './node-conversation-store';

/**
 * Glassbox's own folders in a vault the CLI reads: saved conversations and prompt notes. They are
 * left out of every search (`ask`, `search`), as in the plugin: they hold no notes to answer from.
 */
export const GLASSBOX_OWN_FOLDERS: readonly string[] = [DEFAULT_CONVERSATION_FOLDER, DEFAULT_PROMPTS_FOLDER];

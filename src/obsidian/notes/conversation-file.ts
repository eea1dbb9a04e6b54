import type { MetadataCache, TFile } from 'obsidian';
import { CONVERSATION_TAG } from '../../conversation';

/**
 * Whether a note looks like a saved conversation, decided synchronously (command palettes check
 * at every keystroke): it carries the `glassbox` tag, or it lives in the conversations folder.
 * Opening it still parses the text and says so when it is not one.
 */
export function isConversationFile(options: { file: TFile | null; metadataCache: MetadataCache; folder: string }): options is { file: TFile; metadataCache: MetadataCache; folder: string } {
  const { file } = options;
  if (file === null || file.extension !== 'md') return false;
  const folder = options.folder.replace(/^\/+|\/+$/g, '');
  if (folder !== '' && file.path.startsWith(`${folder}/`)) return true;
  const tags: unknown = options.metadataCache.getFileCache(file)?.frontmatter?.tags;
  const list = Array.isArray(tags) ? tags : typeof tags === 'string' ? tags.split(/[\s,]+/) : [];
  return list.some((tag) => String(tag).replace(/^#/, '') === CONVERSATION_TAG);
}

import type { AgentTool } from '../../agent';
import type { HybridSearch } from '../embeddings/hybrid-search';
import type { VaultIndexReader } from '../index-reader';
import type { VaultSource } from '../vault-source';
import { createLinksTool } from './links-tool';
import { createLocalSearchTool } from './local-search-tool';
import { createReadNoteTool } from './read-note-tool';
import { createTagNotesTool } from './tag-notes-tool';
import { timeRangeTool } from './time-range-tool';

/**
 * The agent's vault tools over one index: localSearch, readNote, getTimeRange, getTagNotes,
 * getLinks. `hybrid` gives localSearch its semantic half while semantic search is on.
 */
export function createVaultTools(options: { index: VaultIndexReader; source: VaultSource; hybrid?: () => HybridSearch | undefined }): AgentTool[] {
  return [
    createLocalSearchTool(options.index, options.hybrid),
    createReadNoteTool(options),
    timeRangeTool,
    createTagNotesTool(options.index),
    createLinksTool(options.index),
  ] as AgentTool[];
}

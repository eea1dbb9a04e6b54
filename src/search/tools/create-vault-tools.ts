import type { AgentTool } from '../../agent';
import type { MeaningSearch } from '../embeddings/hybrid-search';
import type { NoteScope } from '../note-filter';
import type { VaultIndexReader } from '../index-reader';
import type { VaultSource } from '../vault-source';
import { createLinksTool } from './links-tool';
import { createLocalSearchTool } from './local-search-tool';
import { createReadNoteTool } from './read-note-tool';
import { createTagNotesTool } from './tag-notes-tool';
import { timeRangeTool } from './time-range-tool';
import { ToolScope } from './tool-scope';

/**
 * The agent's vault tools over one index: localSearch, readNote, getTimeRange, getTagNotes,
 * getLinks. `hybrid` gives localSearch its semantic half while semantic search is on. `scope`
 * (a run's folders and tags, plus the notes attached explicitly) limits every tool that shows
 * notes; getTimeRange reads none (the range it gives is applied by the scoped localSearch).
 */
export function createVaultTools(options: { index: VaultIndexReader; source: VaultSource; hybrid?: () => MeaningSearch | undefined; scope?: NoteScope }): AgentTool[] {
  const scope = new ToolScope(options.index, options.scope);
  return [
    createLocalSearchTool(options.index, options.hybrid, scope),
    createReadNoteTool({ ...options, scope }),
    timeRangeTool,
    createTagNotesTool(options.index, scope),
    createLinksTool(options.index, scope),
  ] as AgentTool[];
}

import * as z from 'zod/v4';
import type { AgentTool } from '../../agent';
import type { MeaningSearch } from '../embeddings/hybrid-search';
import type { SearchResult } from '../index-types';
import type { VaultIndexReader } from '../index-reader';
import { countNotes, formatNoteRef, summariseTitles } from './format-note-line';
import type { ToolScope } from './tool-scope';
import { t, tCount } from '../../i18n';

const localSearchSchema = z.object({
  query: z.string().describe('What to look for, in the words the notes would use. "Quoted words" must appear together; word* matches any ending.'),
  salientTerms: z.array(z.string()).optional().describe('Optional: the key words of the query, which weigh more.'),
  timeRange: z
    .object({ start: z.number().describe('Epoch ms, inclusive.'), end: z.number().describe('Epoch ms, inclusive.') })
    .optional()
    .describe('Optional: only notes modified in this range (get one from getTimeRange).'),
  folder: z.string().optional().describe('Optional: only notes in this folder (vault-relative, subfolders included), e.g. "Projects/Alpha".'),
  tag: z.string().optional().describe('Optional: only notes with this tag (nested tags count: "project" also finds #project/alpha).'),
  limit: z.number().int().min(1).max(30).optional().describe('Most results, 1-30; default 10.'),
});

/** The arguments of a `localSearch` call. */
export type LocalSearchArgs = z.infer<typeof localSearchSchema>;

/** What `localSearch` puts in `data`. */
export interface LocalSearchData {
  readonly results: readonly SearchResult[];
  /** Why meaning was not used for this search (the embeddings endpoint failed), when it was not. */
  readonly notice?: string;
}

/** Writes results as numbered blocks: `1. [[Title]] (path.md) § Heading`, then the passage indented. */
export function formatSearchResults(query: string, results: readonly SearchResult[]): string {
  if (results.length === 0) return `No notes found for "${query}".`;
  const blocks = results.map((result, index) => {
    const heading = result.heading ? ` § ${result.heading}` : '';
    const passage = result.passage.length > 0 ? `\n   ${result.passage}` : '';
    return `${index + 1}. ${formatNoteRef(result)}${heading}${passage}${chunkHint(result)}`;
  });
  const longNotes = results.some((result) => result.chunk !== undefined);
  const advice = longNotes ? 'Read a note with readNote using the path in brackets (and, for a long note, the chunk named under its result); cite it as [[Title]].' : 'Read a note with readNote using the path in brackets; cite it as [[Title]].';
  return `Found ${countNotes(results.length)} for "${query}":\n${blocks.join('\n')}\n\n${advice}`;
}

/** For a result in a long note: the readNote call that opens the chunk holding the passage. */
function chunkHint(result: SearchResult): string {
  if (result.chunk === undefined || result.chunks === undefined) return '';
  return `\n   In chunk ${result.chunk + 1} of ${result.chunks}: readNote ${JSON.stringify({ path: result.path, chunk: result.chunk })}`;
}

/**
 * `localSearch`: ranked full-text search over the vault index, fused with embedding similarity
 * when `hybrid` is given (semantic search is on); an unavailable embeddings endpoint makes it a
 * word search with a notice in the output.
 */
export function createLocalSearchTool(index: VaultIndexReader, hybrid?: () => MeaningSearch | undefined, scope?: ToolScope): AgentTool<typeof localSearchSchema> {
  return {
    name: 'localSearch',
    readOnly: true,
    description:
      'Search the notes in the vault. Returns the best matching notes with the heading and passage that matched; for a long note, also the readNote chunk that holds the passage (read that chunk, not the start of the note). Use several short searches with different words rather than one long one.',
    compactDescription: 'Search the notes; each result names the note path, the passage and, in a long note, the readNote chunk.',
    schema: localSearchSchema,
    describeStart: (args) => `${t('trace.searching', { query: args.query })}${args.folder?.trim() ? t('trace.searchingIn', { folder: args.folder.trim() }) : ''}${args.tag?.trim() ? t('trace.searchingTagged', { tag: args.tag.trim().replace(/^#/, '') }) : ''}`,
    describeEnd: (args, result) => {
      const data = result.data as LocalSearchData | undefined;
      const titles = data?.results.map((entry) => entry.title) ?? [];
      return titles.length === 0 ? t('trace.noNotesFound', { query: args.query }) : tCount('trace.found', titles.length, { titles: summariseTitles(titles) });
    },
    async execute(args, context) {
      if (!index.ready && !context.signal.aborted) {
        // Before the first build finishes an empty result would read as "the vault has nothing".
        return { output: 'The search index is still being built. Search again in a moment, or read a note you know by name with readNote.', data: { results: [] } satisfies LocalSearchData };
      }
      const options = {
        limit: args.limit ?? 10,
        ...(args.salientTerms ? { salientTerms: args.salientTerms } : {}),
        ...(args.timeRange ? { timeRange: args.timeRange } : {}),
        ...(args.folder?.trim() ? { folders: [args.folder.trim()] } : {}),
        ...(args.tag?.trim() ? { tags: [args.tag.trim()] } : {}),
        ...(scope?.scope !== undefined ? { within: scope.scope } : {}),
        signal: context.signal,
      };
      const semantic = hybrid?.();
      const { results, failure } = semantic ? await semantic.search(args.query, options) : { results: await index.search(args.query, options), failure: undefined };
      const notice = failure === undefined ? undefined : `${failure} These results match words only.`;
      const data: LocalSearchData = { results, ...(notice ? { notice } : {}) };
      // A result with a passage gave the model text of its note; a title alone did not (DESIGN.md 13.3).
      const readPaths = results.flatMap((result) => (result.passage.trim() === '' ? [] : [result.path]));
      return { output: `${notice ? `${notice}\n\n` : ''}${formatSearchResults(args.query, results)}`, data, readPaths };
    },
  };
}

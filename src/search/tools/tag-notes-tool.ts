import * as z from 'zod/v4';
import type { AgentTool } from '../../agent';
import { throwIfAborted } from '../scheduler';
import type { VaultIndexReader } from '../index-reader';
import { countNotes, formatNoteRef, summariseTitles } from './format-note-line';
import type { ToolScope } from './tool-scope';
import { t, tCount } from '../../i18n';

const tagNotesSchema = z.object({
  tag: z.string().describe('A tag, with or without #. Nested tags count: "project" also finds #project/alpha. Leave empty to list the tags in use.'),
  limit: z.number().int().min(1).max(100).optional().describe('Most notes to list, 1-100; default 30.'),
});

/** The arguments of a `getTagNotes` call. */
export type TagNotesArgs = z.infer<typeof tagNotesSchema>;

/** What `getTagNotes` puts in `data`. */
export interface TagNotesData {
  readonly titles: readonly string[];
  readonly total: number;
}

/** `getTagNotes`: the notes carrying a tag (inline or frontmatter, nested included), newest first. */
export function createTagNotesTool(index: VaultIndexReader, scope?: ToolScope): AgentTool<typeof tagNotesSchema> {
  return {
    name: 'getTagNotes',
    readOnly: true,
    description: 'List the notes that carry a tag (inline #tags and frontmatter tags, nested tags included), newest first. With an empty tag, list the tags in use.',
    compactDescription: 'List the notes with a tag, newest first (an empty tag lists the tags).',
    schema: tagNotesSchema,
    describeStart: (args) => (args.tag.trim() === '' ? t('trace.listingTags') : t('trace.lookingUpTag', { tag: args.tag.replace(/^#/, '') })),
    describeEnd: (args, result) => {
      const data = result.data as TagNotesData | undefined;
      if (args.tag.trim() === '') return tCount('trace.foundTags', data?.total ?? 0);
      return data && data.total > 0 ? tCount('trace.found', data.total, { titles: summariseTitles(data.titles) }) : t('trace.noNotesTagged', { tag: args.tag.replace(/^#/, '') });
    },
    async execute(args, context) {
      throwIfAborted(context.signal);
      const limit = args.limit ?? 30;
      const tag = args.tag.trim().replace(/^#/, '');
      if (tag === '') {
        const tags = await index.tagCounts(scope?.scope);
        const lines = tags.slice(0, limit * 3).map((entry) => `#${entry.tag} (${entry.count})`);
        const data: TagNotesData = { titles: [], total: tags.length };
        return { output: tags.length === 0 ? 'No tags in the vault.' : `Tags in use (${tags.length}):\n${lines.join('\n')}`, data };
      }
      const tagged = await index.notesWithTag(tag);
      const allowed = await Promise.all(tagged.map((note) => (scope === undefined ? Promise.resolve(true) : scope.allows(note.path))));
      const notes = tagged.filter((_, position) => allowed[position]).sort((a, b) => b.mtime - a.mtime);
      throwIfAborted(context.signal);
      const data: TagNotesData = { titles: notes.map((note) => note.title), total: notes.length };
      if (notes.length === 0) {
        const near = (await index.tagCounts(scope?.scope)).filter((entry) => entry.tag.toLowerCase().includes(tag.toLowerCase())).slice(0, 5);
        const hint = near.length > 0 ? ` Similar tags: ${near.map((entry) => `#${entry.tag}`).join(', ')}.` : '';
        return { output: `No notes tagged #${tag}.${hint}`, data };
      }
      const lines = notes.slice(0, limit).map((note, position) => `${position + 1}. ${formatNoteRef(note)} ${note.tags.map((entry) => `#${entry}`).join(' ')}`);
      const more = notes.length > limit ? `\n(${notes.length - limit} more not shown.)` : '';
      return { output: `${countNotes(notes.length)} tagged #${tag}:\n${lines.join('\n')}${more}`, data };
    },
  };
}

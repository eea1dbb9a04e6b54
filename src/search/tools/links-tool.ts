import * as z from 'zod/v4';
import type { AgentTool } from '../../agent';
import type { VaultIndexReader } from '../index-reader';
import { throwIfAborted } from '../scheduler';
import { formatNoteRef } from './format-note-line';
import type { ToolScope } from './tool-scope';
import { t } from '../../i18n';

const linksSchema = z.object({
  path: z.string().min(1).describe('The note: its path or link text such as "Note title".'),
});

/** The arguments of a `getLinks` call. */
export type LinksArgs = z.infer<typeof linksSchema>;

/** What `getLinks` puts in `data`. */
export interface LinksData {
  readonly path: string | null;
  readonly outgoing: readonly string[];
  readonly unresolved: readonly string[];
  readonly backlinks: readonly string[];
}

/** `getLinks`: a note's outgoing links (resolved like Obsidian) and its backlinks. */
export function createLinksTool(index: VaultIndexReader, scope?: ToolScope): AgentTool<typeof linksSchema> {
  const inScope = (path: string): Promise<boolean> => (scope === undefined ? Promise.resolve(true) : scope.allows(path));
  return {
    name: 'getLinks',
    readOnly: true,
    description: 'List the links of a note: the notes it links to and the notes that link to it (backlinks).',
    compactDescription: "List a note's links and backlinks.",
    schema: linksSchema,
    describeStart: (args) => t('trace.followingLinks', { path: args.path }),
    describeEnd: (args, result) => {
      const data = result.data as LinksData | undefined;
      if (!data?.path) return t('trace.noNoteNamed', { name: args.path });
      return t('trace.links', { outgoing: data.outgoing.length, backlinks: data.backlinks.length });
    },
    async execute(args, context) {
      throwIfAborted(context.signal);
      const path = (await index.note(args.path)) ? args.path : await index.resolveLink(args.path);
      const note = path === undefined ? undefined : await index.note(path);
      if (path === undefined || !note) {
        const data: LinksData = { path: null, outgoing: [], unresolved: [], backlinks: [] };
        return { output: `No note found for "${args.path}".`, data };
      }
      if (!(await inScope(path))) {
        const data: LinksData = { path: null, outgoing: [], unresolved: [], backlinks: [] };
        return { output: scope?.outside(path) ?? '', data };
      }
      const outgoing: string[] = [];
      const unresolved: string[] = [];
      for (const link of note.links) {
        const target = await index.resolveLink(link, path);
        if (target === undefined) unresolved.push(link);
        else if (target !== path && !outgoing.includes(target) && (await inScope(target))) outgoing.push(target);
      }
      const backlinks: { path: string; count: number }[] = [];
      for (const entry of await index.backlinks(path)) if (await inScope(entry.path)) backlinks.push(entry);
      // The titles first: the index may be in a worker, and `ref` is called in a map.
      const linked = new Map<string, { title: string; path: string }>();
      for (const target of [...outgoing, ...backlinks.map((entry) => entry.path)]) {
        if (!linked.has(target)) linked.set(target, (await index.note(target)) ?? { title: target, path: target });
      }
      throwIfAborted(context.signal);
      const ref = (target: string): string => formatNoteRef(linked.get(target) ?? { title: target, path: target });
      const sections = [
        `${formatNoteRef(note)}`,
        `Links to (${outgoing.length}):${outgoing.map((target) => `\n- ${ref(target)}`).join('') || ' none'}`,
        ...(unresolved.length > 0 ? [`Links to missing notes (${unresolved.length}): ${unresolved.map((link) => `[[${link}]]`).join(', ')}`] : []),
        `Linked from (${backlinks.length}):${backlinks.map((entry) => `\n- ${ref(entry.path)}${entry.count > 1 ? ` (${entry.count} links)` : ''}`).join('') || ' none'}`,
      ];
      const data: LinksData = { path, outgoing, unresolved, backlinks: backlinks.map((entry) => entry.path) };
      return { output: sections.join('\n'), data };
    },
  };
}

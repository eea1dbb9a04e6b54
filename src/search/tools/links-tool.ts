import * as z from 'zod/v4';
import type { AgentTool } from '../../agent';
import type { VaultIndex } from '../vault-index';
import { formatNoteRef } from './format-note-line';
import type { ToolScope } from './tool-scope';

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
export function createLinksTool(index: VaultIndex, scope?: ToolScope): AgentTool<typeof linksSchema> {
  const inScope = (path: string): boolean => scope === undefined || scope.allows(path);
  return {
    name: 'getLinks',
    readOnly: true,
    description: 'List the links of a note: the notes it links to and the notes that link to it (backlinks).',
    schema: linksSchema,
    describeStart: (args) => `Following links of ${args.path}`,
    describeEnd: (args, result) => {
      const data = result.data as LinksData | undefined;
      if (!data?.path) return `No note named "${args.path}"`;
      return `${data.outgoing.length} links out, ${data.backlinks.length} backlinks`;
    },
    execute(args, context) {
      if (context.signal.aborted) return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
      const path = index.note(args.path) ? args.path : index.resolveLink(args.path);
      const note = path === undefined ? undefined : index.note(path);
      if (path === undefined || !note) {
        const data: LinksData = { path: null, outgoing: [], unresolved: [], backlinks: [] };
        return Promise.resolve({ output: `No note found for "${args.path}".`, data });
      }
      if (!inScope(path)) {
        const data: LinksData = { path: null, outgoing: [], unresolved: [], backlinks: [] };
        return Promise.resolve({ output: scope?.outside(path) ?? '', data });
      }
      const outgoing: string[] = [];
      const unresolved: string[] = [];
      for (const link of note.links) {
        const target = index.resolveLink(link, path);
        if (target === undefined) unresolved.push(link);
        else if (target !== path && !outgoing.includes(target) && inScope(target)) outgoing.push(target);
      }
      const backlinks = index.backlinks(path).filter((entry) => inScope(entry.path));
      if (context.signal.aborted) return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
      const ref = (target: string): string => formatNoteRef(index.note(target) ?? { title: target, path: target });
      const sections = [
        `${formatNoteRef(note)}`,
        `Links to (${outgoing.length}):${outgoing.map((target) => `\n- ${ref(target)}`).join('') || ' none'}`,
        ...(unresolved.length > 0 ? [`Links to missing notes (${unresolved.length}): ${unresolved.map((link) => `[[${link}]]`).join(', ')}`] : []),
        `Linked from (${backlinks.length}):${backlinks.map((entry) => `\n- ${ref(entry.path)}${entry.count > 1 ? ` (${entry.count} links)` : ''}`).join('') || ' none'}`,
      ];
      const data: LinksData = { path, outgoing, unresolved, backlinks: backlinks.map((entry) => entry.path) };
      return Promise.resolve({ output: sections.join('\n'), data });
    },
  };
}

import * as z from 'zod/v4';
import type { AgentTool } from '../../agent';
import { throwIfAborted } from '../scheduler';
import type { VaultIndexReader } from '../index-reader';
import type { VaultSource } from '../vault-source';
import { chunkStarts, READ_NOTE_CHUNK_CHARS } from '../note-chunks';
import { formatNoteRef } from './format-note-line';
import type { ToolScope } from './tool-scope';
import { t } from '../../i18n';

export { READ_NOTE_CHUNK_CHARS } from '../note-chunks';

const readNoteSchema = z.object({
  path: z.string().min(1).describe('The note: its path (as localSearch prints it) or link text such as "Note title".'),
  chunk: z.number().int().min(0).optional().describe('Which chunk to read, from 0; long notes come in chunks. localSearch names the chunk that holds each result: pass it here. Default 0.'),
});

/** The arguments of a `readNote` call. */
export type ReadNoteArgs = z.infer<typeof readNoteSchema>;

/** What `readNote` puts in `data`. */
export interface ReadNoteData {
  readonly path: string | null;
  readonly title?: string;
  readonly chunk?: number;
  readonly chunks?: number;
}

/** Splits text into chunks of at most `size` characters, cutting after a line break when one is near. */
export function chunkText(text: string, size = READ_NOTE_CHUNK_CHARS): string[] {
  const starts = chunkStarts(text, size);
  return starts.map((start, index) => text.slice(start, starts[index + 1] ?? text.length));
}

/** `readNote`: a note's Markdown by path or link text, in chunks. */
export function createReadNoteTool(options: { index: VaultIndexReader; source: VaultSource; scope?: ToolScope }): AgentTool<typeof readNoteSchema> {
  const { index, source, scope } = options;
  return {
    name: 'readNote',
    readOnly: true,
    description: 'Read a note in full (long notes come in chunks). Give the path from localSearch, or the note title or an alias as in a [[link]]; for a long note, give the chunk localSearch named for the result.',
    compactDescription: 'Read a note by its path or title; for a long note, the chunk the search named.',
    schema: readNoteSchema,
    describeStart: (args) => (args.chunk ? t('trace.readingPart', { path: args.path, part: args.chunk + 1 }) : t('trace.reading', { path: args.path })),
    describeEnd: (args, result) => {
      const data = result.data as ReadNoteData | undefined;
      if (!data?.path) return t('trace.noNoteNamed', { name: args.path });
      return data.chunks && data.chunks > 1 ? t('trace.readPart', { title: data.title ?? '', part: (data.chunk ?? 0) + 1, parts: data.chunks }) : t('trace.read', { title: data.title ?? '' });
    },
    async execute(args, context) {
      throwIfAborted(context.signal);
      const path = (await index.note(args.path)) ? args.path : await index.resolveLink(args.path);
      if (path !== undefined && scope !== undefined && !(await scope.allows(path))) return { output: scope.outside(path), data: { path: null } satisfies ReadNoteData };
      if (path === undefined) {
        const guesses = await index.search(args.path, { limit: 3, signal: context.signal, ...(scope?.scope !== undefined ? { within: scope.scope } : {}) });
        const hint = guesses.length > 0 ? ` Closest matches: ${guesses.map((guess) => formatNoteRef(guess)).join(', ')}.` : '';
        return { output: `No note found for "${args.path}".${hint}`, data: { path: null } satisfies ReadNoteData };
      }
      const text = await source.read(path);
      throwIfAborted(context.signal);
      const note = await index.note(path);
      const title = note?.title ?? path.replace(/^.*\//, '').replace(/\.md$/i, '');
      const chunks = chunkText(text);
      const chunk = Math.min(args.chunk ?? 0, chunks.length - 1);
      const data: ReadNoteData = { path, title, chunk, chunks: chunks.length };
      const header = chunks.length > 1 ? `${formatNoteRef({ title, path })}, chunk ${chunk + 1} of ${chunks.length}:` : `${formatNoteRef({ title, path })}:`;
      const more =
        chunk + 1 < chunks.length
          ? `\n\n[Chunk ${chunk + 1} of ${chunks.length}. Read on with readNote {"path": ${JSON.stringify(path)}, "chunk": ${chunk + 1}}.]`
          : chunks.length > 1
            ? `\n\n[End of note: chunk ${chunk + 1} of ${chunks.length}.]`
            : '';
      return { output: `${header}\n\n${chunks[chunk]}${more}`, data, readPaths: [path] };
    },
  };
}

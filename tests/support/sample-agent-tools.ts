import { z } from 'zod';
import type { AgentTool } from '../../src/agent/agent-tool';
import type { FakeClock } from './fake-clock';

/** A named sample set of notes for agent tests. */
export const SAMPLE_NOTES: Readonly<Record<string, string>> = Object.freeze({
  'Refund policy.md': 'Refunds are paid within 14 days of the return.',
  'Returns.md': 'Items can be returned within 30 days.',
  'Support/Escalation.md': 'Escalate refunds over 500 EUR to finance.',
});

const searchSchema = z.object({ query: z.string().min(1), limit: z.number().int().min(1).max(20).optional() });
const readSchema = z.object({ path: z.string() });

/**
 * An in-memory `localSearch` over {@link SAMPLE_NOTES}: matches every note containing a query
 * word, advancing the fake clock by `searchMs` (a tool that takes time, deterministically).
 */
export function sampleSearchTool(options: { clock?: FakeClock; searchMs?: number } = {}): AgentTool<typeof searchSchema> {
  return {
    name: 'localSearch',
    description: 'Search the notes.',
    schema: searchSchema,
    describeStart: (args) => `Searching notes for "${args.query}"`,
    describeEnd: (_args, result) => {
      const titles = result.data as string[];
      const shown = titles.slice(0, 3).join(', ');
      return `Found ${titles.length} notes: ${shown}${titles.length > 3 ? ` +${titles.length - 3} more` : ''}`;
    },
    execute: (args) => {
      options.clock?.advance(options.searchMs ?? 0);
      const words = args.query.toLowerCase().split(/\s+/);
      const hits = Object.entries(SAMPLE_NOTES).filter(([, text]) => words.some((word) => text.toLowerCase().includes(word)));
      const titles = hits.map(([path]) => path.replace(/\.md$/, '').split('/').pop() ?? path);
      return Promise.resolve({ output: hits.map(([path, text]) => `${path}: ${text}`).join('\n'), data: titles });
    },
  };
}

/** An in-memory `readNote` over {@link SAMPLE_NOTES}. */
export function sampleReadTool(options: { clock?: FakeClock; readMs?: number } = {}): AgentTool<typeof readSchema> {
  return {
    name: 'readNote',
    description: 'Read a note.',
    schema: readSchema,
    describeStart: (args) => `Reading ${args.path}`,
    execute: (args) => {
      options.clock?.advance(options.readMs ?? 0);
      const text = SAMPLE_NOTES[args.path];
      if (text === undefined) throw new Error(`No note at ${args.path}`);
      return Promise.resolve({ output: text });
    },
  };
}

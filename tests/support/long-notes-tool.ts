import { z } from 'zod';
import type { AgentTool } from '../../src/agent/agent-tool';

const readSchema = z.object({ path: z.string() });

/** A `readNote` over made-up long notes: `text(path)` is the note, given back after its path. */
export function longNotesTool(text: (path: string) => string): AgentTool<typeof readSchema> {
  return {
    name: 'readNote',
    description: 'Read a note by its path.',
    schema: readSchema,
    readOnly: true,
    describeStart: (args) => `Reading ${args.path}`,
    execute: (args) => Promise.resolve({ output: `${args.path}\n${text(args.path)}` }),
  };
}

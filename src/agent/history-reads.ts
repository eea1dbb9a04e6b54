import type { LlmMessage } from '../llm';

/** A `readNote` result's first line: `[[Title]] (path.md):` or `…, chunk 2 of 3:`. */
const READ_NOTE_HEADER = /^\[\[[^\]\n]*\]\] \(([^()\n]+)\)(?:, chunk \d+ of \d+)?:$/m;
/** A `localSearch` result with its passage: `1. [[Title]] (path.md) § Heading`, then the passage indented. */
const SEARCH_RESULT = /^\d+\. \[\[[^\]\n]*\]\] \(([^()\n]+)\)[^\n]*\n {3}(?!In chunk )\S/gm;

/**
 * The notes whose text the earlier turns' tool results carry (DESIGN.md 13.3): a conversation's
 * history is sent with every request of the run, so text a `readNote` or a `localSearch` passage
 * gave in an earlier turn (or in the stopped run a "Continue" resumes) reaches the model again.
 * Read from the results as the vault tools write them (src/search/tools); other tools name no notes.
 */
export function notesInHistory(history: readonly LlmMessage[]): string[] {
  const toolOf = new Map<string, string>();
  const paths: string[] = [];
  for (const message of history) {
    if (message.role === 'assistant') {
      for (const call of message.toolCalls ?? []) toolOf.set(call.id, call.name);
    } else if (message.role === 'tool') {
      paths.push(...notesInToolResult(toolOf.get(message.toolCallId) ?? '', message.content));
    }
  }
  return paths;
}

/**
 * The notes whose text one vault tool's result gave the model: the note a `readNote` result
 * opens with, each `localSearch` result that has a passage. Other tools name no notes. Also read
 * from a saved trace's tool outputs (`src/traces`), which keep their start.
 */
export function notesInToolResult(tool: string, content: string): string[] {
  if (tool === 'readNote') {
    const path = READ_NOTE_HEADER.exec(content.split('\n', 1)[0] ?? '')?.[1];
    return path === undefined ? [] : [path];
  }
  if (tool === 'localSearch') return [...content.matchAll(SEARCH_RESULT)].map((match) => match[1] ?? '').filter((path) => path !== '');
  return [];
}

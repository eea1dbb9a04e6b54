import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toLlmToolSchema } from '../../../src/agent/tool-schema';
import { createOpenAiChatModel, type LlmMessage } from '../../../src/llm';
import { collectStream, type CollectedStream } from '../../support/collect-llm-stream';
import { useDemoVaultServer } from './support/demo-vault-server';

// The extractive model against the project's real vault tools over the demo vault: it must
// understand their real output (numbered `[[Title]] (path.md)` lines, the readNote header).
const world = useDemoVaultServer();

async function ask(question: string): Promise<{ turns: CollectedStream[]; reads: string[] }> {
  const model = createOpenAiChatModel({ baseUrl: world.server.url });
  const messages: LlmMessage[] = [{ role: 'user', content: question }];
  const turns: CollectedStream[] = [];
  const reads: string[] = [];
  for (let step = 0; step < 5; step++) {
    const result = await collectStream(model, { model: 'extractive', messages, tools: world.tools.map(toLlmToolSchema) });
    turns.push(result);
    if (result.toolCalls.length === 0) break;
    messages.push({ role: 'assistant', content: result.text, toolCalls: result.toolCalls });
    for (const call of result.toolCalls) {
      const tool = world.tools.find((candidate) => candidate.name === call.name);
      const args = tool!.schema.parse(JSON.parse(call.arguments));
      if (call.name === 'readNote') reads.push((args as { path: string }).path);
      const output = await tool!.execute(args, { signal: new AbortController().signal, now: () => 0 });
      messages.push({ role: 'tool', toolCallId: call.id, content: output.output });
    }
  }
  return { turns, reads };
}

describe('extractive policy over the real vault tools', () => {
  it.each([
    ['How do rider refunds work?', 'Handbook/Expense and refunds policy.md'],
    ['How do I make miso soup?', 'Recipes/味噌汁 (miso soup).md'],
  ])('%s: searches, reads the best note and quotes it verbatim with a wikilink', async (question, expectedNote) => {
    const { turns, reads } = await ask(question);
    expect(turns.map((turn) => turn.toolCalls.map((call) => call.name))).toEqual([['localSearch'], reads.map(() => 'readNote'), []]);
    expect(reads[0]).toBe(expectedNote);
    const answer = turns.at(-1)!.text;
    const quotes = [...answer.matchAll(/^- \[\[(.+?)\]\]: "(.+)"$/gm)];
    expect(quotes.length).toBeGreaterThanOrEqual(1);
    for (const [, title, sentence] of quotes) {
      const path = reads.find((read) => read.endsWith(`${title}.md`));
      expect(path).toBeDefined();
      const note = readFileSync(join(world.vaultDir, path!), 'utf8').replace(/\s+/g, ' ');
      // Every quoted word sequence is in the note (list markers and line breaks aside).
      expect(note).toContain(sentence.slice(0, 40));
    }
  });
});

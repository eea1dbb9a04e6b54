import { toLlmToolSchema } from '../../../src/agent/tool-schema';
import type { AgentTool } from '../../../src/agent/agent-tool';
import { createOpenAiChatModel, type LlmMessage } from '../../../src/llm';
import { VaultIndex, createVaultTools } from '../../../src/search';
import { startModelServer, type ModelServer } from '../../../tools/model-server';
import { collectStream } from '../../support/collect-llm-stream';
import { MemoryVaultSource, immediate } from '../../search/support/memory-vault-source';

// Issue 16, item 12: in a very long note the search finds the section, and the agent must read
// the chunk that holds it (not chunk 1 of thousands) to quote the right thing.
const SECTIONS = 3000;
const filler = 'Filler sentence about nothing in particular, repeated so each section is long. '.repeat(11);
const bigNote = Array.from({ length: SECTIONS }, (_unused, index) => `## Section ${index + 1}\n\nThe code word of section ${index + 1} is word${(index + 1) * 7}.\n\n${filler}\n`).join('\n');

let server: ModelServer;
let tools: AgentTool[];

beforeAll(async () => {
  server = await startModelServer();
  const source = new MemoryVaultSource({ 'Archive/Big log.md': bigNote, 'Small.md': '# Small\n\nA short note about code words in general.\n' });
  const index = await VaultIndex.build(source, { yieldToHost: immediate });
  tools = createVaultTools({ index, source });
}, 60_000);

afterAll(async () => {
  await server.close();
});

it('reads the chunk that the search names for a long note, and quotes that section', async () => {
  expect(bigNote.length).toBeGreaterThan(2_500_000);
  const model = createOpenAiChatModel({ baseUrl: server.url });
  const messages: LlmMessage[] = [{ role: 'user', content: 'What is the code word of Section 2136?' }];
  const reads: { path: string; chunk?: number }[] = [];
  let answer = '';
  for (let step = 0; step < 5; step++) {
    const result = await collectStream(model, { model: 'extractive', messages, tools: tools.map(toLlmToolSchema) });
    answer = result.text;
    if (result.toolCalls.length === 0) break;
    messages.push({ role: 'assistant', content: result.text, toolCalls: result.toolCalls });
    for (const call of result.toolCalls) {
      const tool = tools.find((candidate) => candidate.name === call.name)!;
      const args = tool.schema.parse(JSON.parse(call.arguments)) as { path: string; chunk?: number };
      if (call.name === 'readNote') reads.push(args);
      const output = await tool.execute(args, { signal: new AbortController().signal, now: () => 0 });
      if (call.name === 'localSearch') expect(output.output).toMatch(/In chunk \d+ of \d+: readNote \{"path":"Archive\/Big log\.md","chunk":\d+\}/);
      messages.push({ role: 'tool', toolCallId: call.id, content: output.output });
    }
  }
  expect(reads[0]).toEqual({ path: 'Archive/Big log.md', chunk: expect.any(Number) as number });
  expect(reads[0].chunk).toBeGreaterThan(400);
  expect(answer).toContain('The code word of section 2136 is word14952.');
}, 60_000);

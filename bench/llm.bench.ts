// `npm run bench` (or `node bench/run-all.mjs llm`): the cost of turning streamed chunks into
// LlmDeltas. Rows: the ChunkDeltaMapper over already-parsed chunks (what the SDK hands us)
// against JSON.parse of the same chunk lines (the cost every client pays anyway), and a whole
// stream through the real SDK over loopback HTTP against reading the same SSE body with fetch.
// Medians of 7 runs after 2 warm-ups. Prints a Markdown table.
import { createOpenAiChatModel } from '../src/llm';
import { ChunkDeltaMapper } from '../src/llm/chunk-delta-mapper';
import { scenario, startModelServer } from '../tools/model-server';
import { medianTimeMs } from './median';

const RUNS = 7;
const WARMUP = 2;


/** The median time of RUNS runs of `task` after WARMUP. */
function measure(task: () => unknown): Promise<number> {
  return medianTimeMs(task, { runs: RUNS, warmup: WARMUP });
}

/** An answer of about `tokens` tokens (4 characters each) with Markdown, some inline HTML and a code fence. */
function answerText(tokens: number): string {
  const paragraph = 'Refunds go back as ride credit by default, see [[Refund policy]] and <b>this</b>.\n\n```ts\nconst x = 1;\n```\n\n';
  return paragraph.repeat(Math.ceil((tokens * 4) / paragraph.length)).slice(0, tokens * 4);
}

function chunkLines(reasoning: string, answer: string, chunkChars: number): string[] {
  const lines: string[] = [];
  const push = (delta: Record<string, unknown>, finish: string | null = null) =>
    lines.push(JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] }));
  for (let index = 0; index < reasoning.length; index += chunkChars) push({ reasoning_content: reasoning.slice(index, index + chunkChars) });
  for (let index = 0; index < answer.length; index += chunkChars) push({ content: answer.slice(index, index + chunkChars) });
  push({}, 'stop');
  return lines;
}

async function main(): Promise<void> {
  const rows: string[] = [];
  for (const tokens of [5000, 250000]) {
    const answer = answerText(tokens);
    const lines = chunkLines('Thinking about it. '.repeat(100), `<think>inline</think>${answer}`, 4);
    const parsed = lines.map((line) => JSON.parse(line) as unknown);
    const mapperMs = await measure(() => {
      const mapper = new ChunkDeltaMapper();
      for (const chunk of parsed) mapper.push(chunk);
      mapper.end();
    });
    const parseMs = await measure(() => {
      for (const line of lines) JSON.parse(line);
    });
    rows.push(`| ChunkDeltaMapper, ${tokens.toLocaleString('en')}-token answer, ${lines.length.toLocaleString('en')} chunks | ${mapperMs.toFixed(2)} | JSON.parse of the chunks: ${parseMs.toFixed(2)} | ${(mapperMs / parseMs).toFixed(2)}× |`);
  }

  const answer = answerText(5000);
  const server = await startModelServer({ scenarios: { bench: scenario().turn((t) => t.reasoning('Thinking. '.repeat(50)).text(answer, { chunkChars: 4 })) } });
  try {
    const model = createOpenAiChatModel({ baseUrl: server.url });
    const sdkMs = await measure(async () => {
      for await (const delta of model.stream({ model: 'bench', messages: [{ role: 'user', content: 'q' }] }, new AbortController().signal)) void delta;
    });
    const rawMs = await measure(async () => {
      const response = await fetch(`${server.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'bench', stream: true, messages: [] }) });
      await response.text();
    });
    rows.push(`| Whole stream through the openai SDK + mapper over loopback HTTP, 5,000-token answer | ${sdkMs.toFixed(1)} | fetch + read the same SSE body: ${rawMs.toFixed(1)} | ${(sdkMs / rawMs).toFixed(2)}× |`);
  } finally {
    await server.close();
  }
  process.stdout.write(['| case | median ms | baseline (same run), median ms | ratio |', '| --- | ---: | --- | ---: |', ...rows].join('\n') + '\n');
}

void main();

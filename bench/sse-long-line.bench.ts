// `npm run bench` (or `node bench/run-all.mjs sse-long-line`): one SSE event whose `data:` line
// is several megabytes (a 10 MB delta), sent over loopback HTTP in 64 KiB writes. Columns: the
// `openai` SDK reading it with a plain fetch (its line splitter copies and rescans the whole
// buffer for every piece: quadratic in the line), the SDK over Glassbox's fetch that re-frames
// the SSE before the SDK sees it (src/llm/sse-framer.ts), and Glassbox's whole model (that
// fetch, the SDK and the ChunkDeltaMapper). Caps are raised so the whole line is parsed.
// Median of 3 runs after 1 warm-up. Prints a Markdown table.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { createOpenAiChatModel } from '../src/llm';
import { readingServerStreams } from '../src/llm/server-stream-fetch';
import { medianTimeMs } from './median';

const RUNS = 3;
const WARMUP = 1;
const PIECE = 64 * 1024;


/** The median time of RUNS runs of `task` after WARMUP. */
function measure(task: () => unknown): Promise<number> {
  return medianTimeMs(task, { runs: RUNS, warmup: WARMUP });
}

/** A server whose every chat completion is one chunk carrying `chars` characters of content, then the finish. */
function startServer(chars: number): Promise<{ url: string; server: Server }> {
  const chunk = JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content: 'x'.repeat(chars) }, finish_reason: null }] });
  const body = Buffer.from(`data: ${chunk}\n\ndata: {"id":"b","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n`);
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      let offset = 0;
      const next = (): void => {
        while (offset < body.length) {
          const piece = body.subarray(offset, offset + PIECE);
          offset += piece.length;
          if (!response.write(piece)) return void response.once('drain', next);
        }
        response.end();
      };
      next();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server })));
}

async function main(): Promise<void> {
  const rows: string[] = [];
  for (const megabytes of [2, 5, 10, 20]) {
    const chars = megabytes * 1_000_000;
    const { url, server } = await startServer(chars);
    try {
      const request = { model: 'm', messages: [{ role: 'user' as const, content: 'q' }] };
      const throughSdk = (fetchImpl: typeof fetch) => async () => {
        const client = new OpenAI({ baseURL: url, apiKey: 'k', maxRetries: 0, fetch: fetchImpl });
        let length = 0;
        for await (const chunk of await client.chat.completions.create({ ...request, stream: true })) length += chunk.choices[0]?.delta.content?.length ?? 0;
        if (length !== chars) throw new Error(`read ${length} characters, expected ${chars}`);
      };
      const sdkMs = await measure(throughSdk((input, init) => fetch(input, init)));
      const framedMs = await measure(throughSdk(readingServerStreams((input, init) => fetch(input, init), { done: false }, { maxBytes: 2 * chars })));
      const model = createOpenAiChatModel({ baseUrl: url, maxOutputTokens: chars });
      const ownMs = await measure(async () => {
        let length = 0;
        for await (const delta of model.stream(request, new AbortController().signal)) if (delta.type === 'text') length += delta.text.length;
        if (length !== chars) throw new Error(`read ${length} characters, expected ${chars}`);
      });
      rows.push(`| one ${megabytes} MB data line | ${sdkMs.toFixed(0)} | ${framedMs.toFixed(0)} | ${ownMs.toFixed(0)} |`);
    } finally {
      server.close();
    }
  }
  process.stdout.write(['| case | openai SDK, plain fetch, median ms | openai SDK over the re-framing fetch, median ms | Glassbox model, median ms |', '| --- | ---: | ---: | ---: |', ...rows].join('\n') + '\n');
}

void main();

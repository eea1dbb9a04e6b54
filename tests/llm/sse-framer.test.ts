import { sseFramer, type ServerStreamState } from '../../src/llm/sse-framer';

/** What the framer hands on for these pieces: each output piece as text. */
async function frame(pieces: readonly (string | Uint8Array)[], options: { maxBytes?: number; ndjson?: boolean } = {}): Promise<{ out: string[]; state: ServerStreamState }> {
  const state: ServerStreamState = { done: false };
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      controller.close();
    },
  });
  const out: string[] = [];
  const decoder = new TextDecoder();
  const reader = source.pipeThrough(sseFramer({ state, maxBytes: options.maxBytes ?? 1e9, ...(options.ndjson === true ? { ndjson: true } : {}) })).getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) out.push(decoder.decode(next.value));
  return { out, state };
}

describe('sseFramer: whole events for the SDK, in one pass', () => {
  it('hands on each event whole, however the pieces fall, and drops comments', async () => {
    const { out, state } = await frame([': ping\n\nda', 'ta: {"a":1}\n', '\ndata: {"b"', ':2}\n\n: OPENROUTER PROCESSING\n\ndata: [DO', 'NE]\n\n']);
    expect(out).toEqual(['data: {"a":1}\n\n', 'data: {"b":2}\n\n', 'data: [DONE]\n\n']);
    expect(state.done).toBe(true);
  });

  it('reads \\r\\n, a lone \\r and a \\r\\n split between pieces as line ends', async () => {
    const { out } = await frame(['data: {"a":1}\r\n\r\ndata: {"b":2}\r\r', 'data: {"c":3}\r', '\n\r\n']);
    expect(out).toEqual(['data: {"a":1}\n\n', 'data: {"b":2}\n\n', 'data: {"c":3}\n\n']);
  });

  it('gives a 20 MB line in 64 KiB pieces to the SDK as one piece, never a part of it', async () => {
    const line = `data: {"x":"${'x'.repeat(20_000_000)}"}\n\n`;
    const bytes = new TextEncoder().encode(line);
    const pieces: Uint8Array[] = [];
    for (let offset = 0; offset < bytes.length; offset += 65_536) pieces.push(bytes.subarray(offset, offset + 65_536));
    const { out } = await frame(pieces);
    expect(out).toHaveLength(1);
    expect(out[0]).toBe(line);
  });

  it('stops at the byte cap without holding the rest of a long line, and says so', async () => {
    const { out, state } = await frame(['data: {"a":1}\n\n', `data: {"x":"${'x'.repeat(1_000)}`, 'x'.repeat(1_000), '"}\n\n'], { maxBytes: 1_500 });
    expect(out).toEqual(['data: {"a":1}\n\n']);
    expect(state).toEqual({ done: false, capped: true });
  });

  it("frames Ollama's NDJSON lines as events and marks its end as done", async () => {
    const { out, state } = await frame(['{"a":1}\n{"b"', ':2}\n\n{"c":3}'], { ndjson: true });
    expect(out).toEqual(['data: {"a":1}\n\n', 'data: {"b":2}\n\n', 'data: {"c":3}\n\n']);
    expect(state.done).toBe(true);
  });
});

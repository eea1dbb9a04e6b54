import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { SseFrame } from './turn-frames';

/** A recorded stream to send: SSE frames, or a raw body sent byte for byte with its content type. */
export type Replay = { readonly frames: SseFrame[] } | { readonly rawBody: Buffer | string; readonly contentType: string };

const SSE = 'text/event-stream; charset=utf-8';

/**
 * Reads a recorded stream. `name` is a file name, `file#n` for interaction n of a cassette, or
 * several joined by `+` (their chunks in order, e.g. the two single-chunk files of one Ollama reply):
 * - `*.chunks.txt`, `*.jsonl`: one JSON chunk per line → `data: <line>` each, then `[DONE]`;
 *   an `ndjson` file is Ollama's native stream, sent unchanged as `application/x-ndjson`;
 * - `*.json`: one chunk (a whole `chat.completion` becomes one chunk with its message as the delta);
 * - `*.sse`: an SSE body, sent byte for byte;
 * - `*.cassette.yaml`: a VCR recording (go-vcr `body` or vcrpy `body.string` / `parsed_body`).
 */
export async function readReplay(directory: string, name: string): Promise<Replay> {
  const parts = name.split('+');
  if (parts.length > 1) {
    const replays = await Promise.all(parts.map((part) => readReplay(directory, part)));
    return { frames: replays.flatMap((replay) => ('frames' in replay ? replay.frames.filter((frame) => !(frame.kind === 'data' && frame.data === '[DONE]')) : [])).concat(DONE) };
  }
  const [file = '', interaction] = name.split('#');
  // Only a bare file name: a request must not read outside the fixtures folder.
  const safeName = basename(file);
  const path = join(directory, safeName);
  if (safeName.endsWith('.sse')) return { rawBody: await readFile(path), contentType: SSE };
  const text = await readFile(path, 'utf8');
  if (safeName.includes('ndjson')) return { rawBody: text, contentType: 'application/x-ndjson' };
  if (safeName.endsWith('.cassette.yaml')) return cassetteReplay(text, Number(interaction ?? 0));
  if (safeName.endsWith('.json')) return { frames: [{ kind: 'data', data: asChunk(text) }, ...DONE] };
  const frames: SseFrame[] = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => ({ kind: 'data', data: line }));
  return { frames: [...frames, ...DONE] };
}

const DONE: SseFrame[] = [{ kind: 'data', data: '[DONE]' }];

interface CassetteResponse {
  readonly body?: string | { readonly string?: string };
  readonly parsed_body?: unknown;
}

function cassetteReplay(text: string, interaction: number): Replay {
  const cassette = parseYaml(text) as { interactions?: { response?: CassetteResponse }[] };
  const response = cassette.interactions?.[interaction]?.response;
  if (response === undefined) throw new Error(`No interaction ${interaction} in the cassette`);
  const body = typeof response.body === 'string' ? response.body : response.body?.string;
  if (typeof body === 'string' && body !== '') return /^(data|:)/m.test(body) ? { rawBody: body, contentType: SSE } : { frames: [{ kind: 'data', data: asChunk(body) }, ...DONE] };
  return { frames: [{ kind: 'data', data: asChunk(JSON.stringify(response.parsed_body)) }, ...DONE] };
}

/** One chunk's JSON; a whole `chat.completion` (a server that answered without streaming) as the chunk that carries it. */
function asChunk(json: string): string {
  const value = JSON.parse(json) as { object?: string; choices?: { message?: Record<string, unknown>; finish_reason?: unknown; index?: number }[] };
  if (value.object !== 'chat.completion' && !value.choices?.some((choice) => choice.message !== undefined)) return JSON.stringify(value);
  const toolCalls = (choice: { message?: Record<string, unknown> }): unknown =>
    Array.isArray(choice.message?.tool_calls) ? (choice.message.tool_calls as Record<string, unknown>[]).map((call, index) => ({ index, ...call })) : undefined;
  return JSON.stringify({
    ...value,
    object: 'chat.completion.chunk',
    choices: (value.choices ?? []).map((choice) => ({ index: choice.index ?? 0, delta: { ...choice.message, tool_calls: toolCalls(choice) }, finish_reason: choice.finish_reason })),
  });
}

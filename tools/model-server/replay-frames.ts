import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { SseFrame } from './turn-frames';

/**
 * Reads a recorded stream as SSE frames. `*.chunks.txt` holds one JSON chunk per line: each
 * non-blank line becomes `data: <line>`, then `data: [DONE]` (as vercel/ai replays them).
 * `*.sse` is already an SSE body and is sent byte for byte (returned as a single raw body).
 */
export async function readReplay(directory: string, fileName: string): Promise<{ frames: SseFrame[] } | { rawBody: Buffer }> {
  // Only a bare file name: a request must not read outside the fixtures folder.
  const safeName = basename(fileName);
  const path = join(directory, safeName);
  if (safeName.endsWith('.sse')) return { rawBody: await readFile(path) };
  const text = await readFile(path, 'utf8');
  const frames: SseFrame[] = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => ({ kind: 'data', data: line }));
  frames.push({ kind: 'data', data: '[DONE]' });
  return { frames };
}

import type { ScenarioTurn } from './scenario';

/** One step of an SSE response body. */
export type SseFrame =
  | { readonly kind: 'data'; readonly data: string }
  | { readonly kind: 'pause'; readonly ms: number }
  | { readonly kind: 'hold'; readonly until: PromiseLike<unknown> }
  | { readonly kind: 'cut' };

/** What {@link turnToFrames} needs besides the turn. */
export interface TurnFrameOptions {
  readonly model: string;
  readonly responseId: string;
  /** Whether the request asked for `stream_options.include_usage`. */
  readonly includeUsage: boolean;
  /** Estimated prompt tokens for the made-up usage (default 100). */
  readonly promptTokens?: number;
}

/**
 * Turns a scripted turn into SSE frames shaped like OpenAI's: a role chunk, the deltas, a
 * finish chunk, a usage-only chunk when asked for, then `[DONE]`. A fault (`cut`,
 * `stream_error`) ends the frames where it stands.
 */
export function turnToFrames(turn: ScenarioTurn, options: TurnFrameOptions): SseFrame[] {
  const created = 1763768492;
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): SseFrame => ({
    kind: 'data',
    data: JSON.stringify({
      id: options.responseId,
      object: 'chat.completion.chunk',
      created,
      model: options.model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    }),
  });
  const frames: SseFrame[] = [chunk({ role: 'assistant', content: '' })];
  let toolIndex = 0;
  let explicitUsage: { promptTokens: number; completionTokens: number } | undefined;
  let outputChars = 0;
  for (const emit of turn.emits) {
    switch (emit.type) {
      case 'reasoning':
        for (const piece of splitText(emit.text, emit.chunkChars)) frames.push(chunk({ [emit.field]: piece }));
        outputChars += emit.text.length;
        break;
      case 'text':
        for (const piece of splitText(emit.text, emit.chunkChars)) frames.push(chunk({ content: piece }));
        outputChars += emit.text.length;
        break;
      case 'tool_call': {
        const index = toolIndex++;
        const pieces = splitInto(emit.arguments, emit.fragments);
        frames.push(chunk({ tool_calls: [{ index, id: emit.id, type: 'function', function: { name: emit.name, arguments: pieces[0] ?? '' } }] }));
        for (const piece of pieces.slice(1)) frames.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
        outputChars += emit.name.length + emit.arguments.length;
        break;
      }
      case 'usage':
        explicitUsage = { promptTokens: emit.promptTokens, completionTokens: emit.completionTokens };
        break;
      case 'pause':
        frames.push({ kind: 'pause', ms: emit.ms });
        break;
      case 'hold':
        frames.push({ kind: 'hold', until: emit.until });
        break;
      case 'cut':
        frames.push({ kind: 'cut' });
        return frames;
      case 'end':
        return frames;
      case 'malformed':
        frames.push({ kind: 'data', data: emit.text });
        break;
      case 'stream_error':
        frames.push({ kind: 'data', data: JSON.stringify({ error: { message: emit.message, type: 'server_error', code: null } }) });
        frames.push({ kind: 'data', data: '[DONE]' });
        return frames;
      case 'raw':
        frames.push({ kind: 'data', data: emit.data });
        break;
      default: {
        const unknownEmit: never = emit;
        throw new Error(`Unknown emit ${JSON.stringify(unknownEmit)}`);
      }
    }
  }
  frames.push(chunk({}, turn.finishReason ?? (toolIndex > 0 ? 'tool_calls' : 'stop')));
  const usage = explicitUsage ?? (options.includeUsage ? { promptTokens: options.promptTokens ?? 100, completionTokens: Math.max(1, Math.ceil(outputChars / 4)) } : undefined);
  if (usage) {
    frames.push({
      kind: 'data',
      data: JSON.stringify({
        id: options.responseId,
        object: 'chat.completion.chunk',
        created,
        model: options.model,
        choices: [],
        usage: { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.promptTokens + usage.completionTokens },
      }),
    });
  }
  frames.push({ kind: 'data', data: '[DONE]' });
  return frames;
}

/** Splits text into pieces of `size` characters (by code point, so no surrogate pair is cut). */
export function splitText(text: string, size: number): string[] {
  const characters = [...text];
  const pieces: string[] = [];
  const step = Math.max(1, size);
  for (let start = 0; start < characters.length; start += step) pieces.push(characters.slice(start, start + step).join(''));
  return pieces;
}

/** Splits text into `count` pieces of near-equal length (fewer when the text is shorter). */
function splitInto(text: string, count: number): string[] {
  if (text === '' || count <= 1) return [text];
  return splitText(text, Math.ceil([...text].length / count));
}

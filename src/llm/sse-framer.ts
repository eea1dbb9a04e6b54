/** What the body of one response showed while it was read. */
export interface ServerStreamState {
  /** The stream's `data: [DONE]` (or an NDJSON stream's end) arrived: it ended, it was not cut. */
  done: boolean;
  /** The stream passed the byte cap and was closed there: the call ends as cut at its length limit. */
  capped?: boolean;
}

/** Options of {@link sseFramer}. */
export interface SseFramerOptions {
  readonly state: ServerStreamState;
  /** Ollama's native NDJSON: each non-blank line is one event's data. */
  readonly ndjson?: boolean;
  /** The most bytes of the body read in one response; past them the stream is closed and `state.capped` set. */
  readonly maxBytes: number;
  /**
   * Keep-alive comments (`: ping`) and blank lines are no progress: a body that carries nothing
   * else for `timeoutMs` fails with `onTimeout()`'s error, like a silent one does.
   */
  readonly idle?: { readonly timeoutMs: number; readonly onTimeout: () => Error; readonly now?: () => number };
}

const DONE_DATA = /^data: ?\[DONE\]/;
const LINE_END = /[\r\n]/g;

/**
 * Re-frames a server's event stream before the `openai` SDK reads it, in one pass over the
 * bytes: each complete event reaches the SDK as one piece (`data: …` lines, a blank line), so
 * the SDK's own splitter, which copies and rescans its whole buffer for every piece it gets,
 * never sees a partial line (a 10 MB line in 64 KiB pieces took it seconds). Comments are
 * dropped, line endings become `\n`, `[DONE]` is noted in `state`. The body is bounded: past
 * `maxBytes` the stream is closed where it is, so a line longer than that is never held whole.
 */
export function sseFramer(options: SseFramerOptions): TransformStream<Uint8Array, Uint8Array> {
  const { state, maxBytes, idle } = options;
  const now = idle?.now ?? Date.now;
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let received = 0;
  let lastProgress = now();
  let line: string[] = [];
  let lineStart = true;
  let comment = false;
  let afterCarriageReturn = false;
  let event: string[] = [];

  const dispatch = (controller: TransformStreamDefaultController<Uint8Array>): void => {
    if (event.length === 0) return;
    if (event.some((field) => DONE_DATA.test(field))) state.done = true;
    controller.enqueue(encoder.encode(`${event.join('\n')}\n\n`));
    event = [];
  };
  const endLine = (controller: TransformStreamDefaultController<Uint8Array>): void => {
    const text = line.join('');
    const wasComment = comment;
    line = [];
    lineStart = true;
    comment = false;
    if (wasComment) return;
    if (options.ndjson === true) {
      const trimmed = text.trim();
      if (trimmed !== '') {
        event.push(`data: ${trimmed}`);
        dispatch(controller);
      }
    } else if (text === '') dispatch(controller);
    else event.push(text);
  };
  const read = (text: string, controller: TransformStreamDefaultController<Uint8Array>): void => {
    // `\r\n` split across pieces: the `\n` ends nothing more.
    let from = afterCarriageReturn && text.charCodeAt(0) === 10 ? 1 : 0;
    afterCarriageReturn = false;
    LINE_END.lastIndex = from;
    for (let found = LINE_END.exec(text); found !== null; found = LINE_END.exec(text)) {
      let index = found.index;
      const code = text.charCodeAt(index);
      take(text.slice(from, index));
      endLine(controller);
      if (code === 13 && text.charCodeAt(index + 1) === 10) index++;
      afterCarriageReturn = code === 13 && index === text.length - 1;
      from = index + 1;
      LINE_END.lastIndex = from;
    }
    if (from < text.length) take(text.slice(from));
  };
  const take = (piece: string): void => {
    if (piece === '') return;
    if (lineStart) {
      comment = options.ndjson !== true && piece.startsWith(':');
      lineStart = false;
    }
    if (comment) return;
    if (piece.trim() !== '') lastProgress = now();
    line.push(piece);
  };

  return new TransformStream({
    transform(piece, controller) {
      received += piece.byteLength;
      if (received > maxBytes) {
        state.capped = true;
        controller.terminate();
        return;
      }
      read(decoder.decode(piece, { stream: true }), controller);
      if (idle !== undefined && now() - lastProgress > idle.timeoutMs) controller.error(idle.onTimeout());
    },
    flush(controller) {
      read(decoder.decode(), controller);
      if (line.length > 0) endLine(controller);
      dispatch(controller);
      if (options.ndjson === true) state.done = true;
    },
  });
}

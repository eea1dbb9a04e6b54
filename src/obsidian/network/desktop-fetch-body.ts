/** A request body as bytes, with the content type fetch would add for it. */
export interface RequestBytes {
  readonly bytes: Uint8Array | null;
  readonly contentType?: string;
}

/**
 * Turns a fetch `BodyInit` into bytes for Node's `http.request`: strings (UTF-8), buffers and
 * their views, `URLSearchParams`, `Blob` and `ReadableStream` (read whole; chat requests are
 * small JSON). `FormData` is refused with a TypeError, as the plugin never sends one.
 */
export async function toRequestBytes(body: BodyInit | null | undefined): Promise<RequestBytes> {
  if (body === null || body === undefined) return { bytes: null };
  if (typeof body === 'string') return { bytes: new TextEncoder().encode(body), contentType: 'text/plain;charset=UTF-8' };
  if (body instanceof URLSearchParams) return { bytes: new TextEncoder().encode(body.toString()), contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
  if (body instanceof ArrayBuffer) return { bytes: new Uint8Array(body) };
  if (ArrayBuffer.isView(body)) return { bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) };
  if (body instanceof Blob) return { bytes: new Uint8Array(await body.arrayBuffer()), ...(body.type ? { contentType: body.type } : {}) };
  if (body instanceof ReadableStream) return { bytes: await readAll(body as ReadableStream<Uint8Array>) };
  throw new TypeError('fetch failed: this fetch sends only string, binary, URLSearchParams, Blob or stream bodies');
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let length = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    length += value.byteLength;
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

/**
 * Z85 (ZeroMQ's base-85 text encoding, RFC 32/Z85): 5 characters for 4 bytes, against 4 for 3 in
 * base64 (about 4 KB less for the packed index worker), and no quote or backslash, so a packed
 * worker script stays one plain string literal in main.js. tools/build/inline-worker.mjs encodes
 * (zero-padding to a multiple of 4 bytes) with the same alphabet; this decodes.
 */
const Z85_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#';

/** The first `length` bytes that `text` encodes; throws on a character outside the alphabet or a truncated block. */
export function decodeZ85(text: string, length: number): Uint8Array {
  if (text.length % 5 !== 0 || length > (text.length / 5) * 4) throw new Error('Z85 text is truncated.');
  const digits = new Map<string, number>([...Z85_ALPHABET].map((char, index) => [char, index]));
  const bytes = new Uint8Array((text.length / 5) * 4);
  for (let i = 0, out = 0; i < text.length; i += 5, out += 4) {
    let value = 0;
    for (let k = 0; k < 5; k++) {
      const digit = digits.get(text[i + k]);
      if (digit === undefined) throw new Error(`Not a Z85 character: ${JSON.stringify(text[i + k])}.`);
      value = value * 85 + digit;
    }
    bytes[out] = value >>> 24;
    bytes[out + 1] = (value >>> 16) & 0xff;
    bytes[out + 2] = (value >>> 8) & 0xff;
    bytes[out + 3] = value & 0xff;
  }
  return bytes.subarray(0, length);
}

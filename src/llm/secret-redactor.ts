/** What a secret is replaced with. */
export const REDACTED = '[redacted]';

/** Values shorter than this are not treated as secrets: "1" or "on" would blank out ordinary text. */
const MIN_SECRET_CHARS = 4;

/** How many trailing characters of a key providers quote on their own ("…abcd1234"). */
export const KEY_SUFFIX_CHARS = 8;

/** One secret and whether its last {@link KEY_SUFFIX_CHARS} characters are blanked on their own too. */
export interface SecretToRedact {
  readonly value: string;
  /** A provider echoes a rejected key masked except for its end (`sk-proj-****abcd1234`). */
  readonly suffix?: boolean;
}

/**
 * THE redactor (DESIGN.md 12.6: the configured key and MCP secrets are redacted from every
 * message, event, trace and note, in their encoded forms too). Each secret is blanked as it is,
 * URL-encoded (`encodeURIComponent`, and with `+` for spaces), and base64 (standard and URL-safe,
 * with or without padding), so a server that quotes a query string or a Basic header does not
 * leak it either. The suffix of an API key is blanked too, since a provider's "Incorrect API
 * key provided: sk-…abcd1234" would otherwise narrow the key down.
 */
export function createSecretRedactor(secrets: readonly (string | SecretToRedact)[]): (text: string) => string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    const { value, suffix } = typeof secret === 'string' ? { value: secret, suffix: false } : secret;
    const trimmed = value.trim();
    if (trimmed.length < MIN_SECRET_CHARS) continue;
    for (const form of encodedForms(trimmed)) if (form.length >= MIN_SECRET_CHARS) forms.add(form);
    if (suffix === true && trimmed.length > KEY_SUFFIX_CHARS * 2) forms.add(trimmed.slice(-KEY_SUFFIX_CHARS));
  }
  // Longest first, so a secret that contains another is blanked whole.
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return (text) => text;
  return (text) => ordered.reduce((result, form) => (result.includes(form) ? result.split(form).join(REDACTED) : result), text);
}

function encodedForms(value: string): string[] {
  const base64 = toBase64(value);
  const urlSafe = base64.replace(/\+/g, '-').replace(/\//g, '_');
  return [value, encodeURIComponent(value), encodeURIComponent(value).replace(/%20/g, '+'), base64, base64.replace(/=+$/, ''), urlSafe, urlSafe.replace(/=+$/, '')];
}

// `btoa` takes Latin-1 only; a secret is UTF-8 on the wire. Both Node and the browser have btoa.
function toBase64(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Blanks the secrets out of an error's text fields in place (`message`, `userMessage`,
 * `providerMessage`, `detail`) and drops its `cause`, which holds the provider's raw body.
 */
export function redactErrorText<T extends Error>(error: T, redact: (text: string) => string): T {
  const fields = error as unknown as Record<string, unknown>;
  for (const field of ['message', 'userMessage', 'providerMessage', 'detail']) {
    const value = fields[field];
    if (typeof value === 'string') Object.defineProperty(error, field, { value: redact(value), writable: true, configurable: true, enumerable: field !== 'message' });
  }
  if (typeof error.stack === 'string') error.stack = redact(error.stack);
  Object.defineProperty(error, 'cause', { value: undefined, writable: true, configurable: true, enumerable: false });
  return error;
}

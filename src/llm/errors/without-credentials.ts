/**
 * Query (or fragment) parameters whose value is a secret, by the end of their name with `-`, `_`
 * and `.` removed: `key` (Gemini), `api_key`, `api-key`, `apiKey`, `subscription-key` (Azure),
 * `token`, `access_token`, `client_secret`, `password`, `sig` (signed URLs), `auth`.
 */
const SECRET_NAME = /(?:key|token|secret|password|passwd|pwd|pass|signature|sig|auth|authorization|credential|credentials|jwt|bearer)$/;

/**
 * A parameter in a URL's query or fragment: its separator, name and value, up to the next
 * separator, space or quote (punctuation that ends a sentence after it stays outside).
 */
const PARAMETER = /([?&;#])([\w.~%-]+)=([^&;#\s"'<>`)\]]*?)(?=[.,:!?]*(?:[&;#\s"'<>`)\]]|$))/g;

/** What a secret parameter's value is shown as. */
export const HIDDEN_VALUE = '***';

/**
 * `text` with every credential a URL in it may carry taken out: the user name and password
 * (`http://alice:secret@host/v1` → `http://host/v1`) and the value of every query or fragment
 * parameter named like a key or token (`?key=AIza…` → `?key=***`). A base URL may carry either,
 * and no message, notice, log or saved note may repeat them (docs/decisions/base-url-credentials.md).
 */
export function withoutCredentials(text: string): string {
  return hideSecretParameters(text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/\s@]*@/gi, '$1'));
}

/**
 * One base URL as typed, for a message saying what is wrong with it: like {@link withoutCredentials},
 * and also when it lacks its `http://` (`alice:secret@host/v1?key=…` → `host/v1?key=***`).
 */
export function shownBaseUrl(url: string): string {
  return hideSecretParameters(url.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/\s@]*@/i, '$1'));
}

function hideSecretParameters(text: string): string {
  return text.replace(PARAMETER, (whole, separator: string, name: string, value: string) =>
    value !== '' && SECRET_NAME.test(safeDecode(name).toLowerCase().replace(/[-_.]/g, '')) ? `${separator}${name}=${HIDDEN_VALUE}` : whole,
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

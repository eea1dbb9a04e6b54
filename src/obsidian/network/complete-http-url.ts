const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/**
 * Whether `text` is a complete `http(s)` address, the only kind a request (and the API key) may
 * go to. The URL parser alone is too lenient for text still being typed: it takes
 * `http://192.168.1` as 192.168.0.1 and `http://models.example.` as a host. So the host must be
 * a full dotted IPv4 address as typed, an IPv6 literal, or names without empty or dangling labels.
 */
export function isCompleteHttpUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname;
  if (host.startsWith('[')) return true;
  const typedHost = typedHostOf(text.trim());
  if (/^[\d.]+$/.test(typedHost)) return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(typedHost) && typedHost.split('.').every((part) => Number(part) <= 255);
  return host !== '' && host.split('.').every((label) => HOST_LABEL.test(label));
}

/** The host as written (before the parser normalises numbers): between `//` (and any `user@`) and the port or path. */
function typedHostOf(text: string): string {
  const afterScheme = text.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const authority = afterScheme.split(/[/?#]/)[0] ?? '';
  return authority.replace(/^[^@]*@/, '').replace(/:\d*$/, '');
}

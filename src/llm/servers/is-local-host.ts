/**
 * Whether a base URL points at this machine or the local network: `localhost`, loopback,
 * private IPv4 ranges (10/8, 172.16/12, 192.168/16, 100.64/10), link-local, IPv6 loopback and
 * unique-local addresses, and `.local` / `.lan` / `.internal` names. Such servers usually run
 * small windows; a bad URL counts as not local.
 */
export function isLocalHost(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || /\.(?:localhost|local|lan|internal|home\.arpa)$/.test(host)) return true;
  if (host.startsWith('[')) return /^\[(?:::1|f[cd][0-9a-f]{0,2}:|fe80:)/.test(host);
  const parts = host.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) return false;
  const [a = 0, b = 0] = parts;
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
}

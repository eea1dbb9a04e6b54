/** Where a base URL's server runs, as far as its address tells: this machine, the local network, or elsewhere. */
export type HostReach = 'this-machine' | 'local-network' | 'remote';

/**
 * THE reading of a base URL's host: this machine is `localhost` (and `*.localhost`), 127.0.0.0/8
 * and `[::1]`; the local network is the private IPv4 ranges (10/8, 172.16/12, 192.168/16,
 * 100.64/10), link-local, IPv6 unique-local and link-local addresses, and `.local` / `.lan` /
 * `.internal` / `.home.arpa` names. A bad URL is remote.
 */
export function hostReach(baseUrl: string): HostReach {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return 'remote';
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]') return 'this-machine';
  if (/\.(?:local|lan|internal|home\.arpa)$/.test(host)) return 'local-network';
  if (host.startsWith('[')) return /^\[(?:f[cd][0-9a-f]{0,2}:|fe80:)/.test(host) ? 'local-network' : 'remote';
  const parts = host.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) return 'remote';
  const [a = 0, b = 0] = parts;
  if (a === 127) return 'this-machine';
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127) ? 'local-network' : 'remote';
}

/** Whether a base URL points at this machine or the local network (such servers usually run small windows and need no key). */
export function isLocalHost(baseUrl: string): boolean {
  return hostReach(baseUrl) !== 'remote';
}

/** Whether a base URL points at this machine (a server here needs no key from this device). */
export function isThisMachine(baseUrl: string): boolean {
  return hostReach(baseUrl) === 'this-machine';
}

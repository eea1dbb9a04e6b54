import { inflateSync } from 'fflate';

/** The script text of a worker inlined by esbuild.inline-worker.mjs (deflated, base64). */
export function unpackWorkerSource(packed: string): string {
  const binary = atob(packed);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(inflateSync(bytes));
}

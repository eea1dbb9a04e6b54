import type { OtlpTraceRequest } from './otlp-json';

/** How long a collector may take to take a run's traces before Glassbox gives up on them. */
const SEND_TIMEOUT_MS = 10_000;

/** What became of a send: where the traces went, or why they did not. */
export type OtlpSendResult = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly url: string; readonly problem: string };

/**
 * POSTs a run's traces as OTLP/JSON to `BASE/v1/traces`, the path OpenTelemetry's HTTP exporters
 * add to a base URL (DESIGN.md 13.5). Only the traces and a JSON content type go: never the model
 * server's key or any other header of the chat. A failure is a result, never a throw: the answer
 * the traces describe is already given and saved.
 */
export async function sendOtlpTraces(baseUrl: string, request: OtlpTraceRequest, fetchImpl: typeof fetch): Promise<OtlpSendResult> {
  const url = otlpTracesUrl(baseUrl);
  // AbortSignal.timeout works in Obsidian and in Node alike, and does not keep the CLI alive.
  const signal = AbortSignal.timeout(SEND_TIMEOUT_MS);
  try {
    const response = await fetchImpl(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request), signal, redirect: 'error' });
    if (!response.ok) return { ok: false, url, problem: `the collector answered HTTP ${response.status}` };
    return { ok: true, url };
  } catch (error) {
    return { ok: false, url, problem: signal.aborted ? `no answer within ${SEND_TIMEOUT_MS / 1000} s` : error instanceof Error ? error.message : String(error) };
  }
}

/** `http://host:4318` and `http://host:4318/` both become `http://host:4318/v1/traces`; a URL already ending so is kept. */
export function otlpTracesUrl(baseUrl: string): string {
  const base = baseUrl.trim().replace(/\/+$/, '');
  return base.endsWith('/v1/traces') ? base : `${base}/v1/traces`;
}

/** Whether a setting's or flag's text is an http(s) URL a collector could be at. */
export function isOtlpEndpoint(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The OTLP/JSON shapes Glassbox writes (opentelemetry-proto's `ExportTraceServiceRequest` in the
 * JSON mapping OTLP uses: ids as hex, 64-bit integers as decimal strings, enums as numbers).
 */
export interface OtlpTraceRequest {
  readonly resourceSpans: readonly OtlpResourceSpans[];
}

export interface OtlpResourceSpans {
  readonly resource: { readonly attributes: readonly OtlpAttribute[] };
  readonly scopeSpans: readonly { readonly scope: { readonly name: string; readonly version: string }; readonly spans: readonly OtlpSpan[] }[];
}

export interface OtlpSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  /** 1 internal, 3 client (`Span.SpanKind`). */
  readonly kind: 1 | 3;
  readonly startTimeUnixNano: string;
  readonly endTimeUnixNano: string;
  readonly attributes: readonly OtlpAttribute[];
  /** 0 unset, 1 ok, 2 error (`Status.StatusCode`). */
  readonly status: { readonly code: 0 | 1 | 2; readonly message?: string };
}

export interface OtlpAttribute {
  readonly key: string;
  readonly value: { readonly stringValue: string } | { readonly intValue: string } | { readonly doubleValue: number } | { readonly boolValue: boolean };
}

/** Attributes from a plain record; undefined values are left out, whole numbers become `intValue`. */
export function otlpAttributes(record: Readonly<Record<string, string | number | boolean | undefined>>): OtlpAttribute[] {
  const attributes: OtlpAttribute[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue;
    if (typeof value === 'string') attributes.push({ key, value: { stringValue: value } });
    else if (typeof value === 'boolean') attributes.push({ key, value: { boolValue: value } });
    else if (Number.isInteger(value)) attributes.push({ key, value: { intValue: String(value) } });
    else attributes.push({ key, value: { doubleValue: value } });
  }
  return attributes;
}

/** Epoch milliseconds as OTLP's nanoseconds, a decimal string (exact: no float past 2^53). */
export function unixNano(epochMs: number): string {
  return `${BigInt(Math.round(epochMs)) * 1_000_000n}`;
}

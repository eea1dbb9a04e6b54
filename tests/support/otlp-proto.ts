// The official OTLP protobuf definitions (opentelemetry-proto, compiled by protobufjs in
// @opentelemetry/otlp-transformer), for checking what Glassbox writes: encode it, decode it,
// compare. A field the schema does not know is dropped by the round trip, so it shows as a difference.
import type { OtlpTraceRequest } from '../../src/traces';

interface ProtoMessage {
  fromObject(object: unknown): unknown;
  encode(message: unknown): { finish(): Uint8Array };
  decode(bytes: Uint8Array): unknown;
  toObject(message: unknown, options: Record<string, unknown>): unknown;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module without types
const root = require('@opentelemetry/otlp-transformer/build/src/generated/root') as {
  opentelemetry: { proto: { collector: { trace: { v1: { ExportTraceServiceRequest: ProtoMessage } } } } };
};
const ExportTraceServiceRequest = root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

const ID_FIELDS = new Set(['traceId', 'spanId', 'parentSpanId']);

/** OTLP/JSON as protobufjs reads it: ids as bytes (OTLP's JSON writes them as hex). */
function toProtoObject(value: unknown, key = ''): unknown {
  if (typeof value === 'string' && ID_FIELDS.has(key)) return Buffer.from(value, 'hex');
  if (Array.isArray(value)) return value.map((item) => toProtoObject(item));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, toProtoObject(item, name)]));
  return value;
}

function fromProtoObject(value: unknown, key = ''): unknown {
  if (typeof value === 'string' && ID_FIELDS.has(key)) return Buffer.from(value, 'base64').toString('hex');
  if (Array.isArray(value)) return value.map((item) => fromProtoObject(item));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, fromProtoObject(item, name)]));
  return value;
}

/**
 * What the request reads as after a protobuf encode and decode, back in OTLP/JSON form. The 64-bit
 * integers stay decimal strings, as OTLP's JSON writes them; protobufjs reads them as numbers, and
 * one that is no number comes back different.
 */
export function protobufRoundTrip(request: OtlpTraceRequest): { decoded: unknown; bytes: number } {
  const object = toProtoObject(request);
  const bytes = ExportTraceServiceRequest.encode(ExportTraceServiceRequest.fromObject(object)).finish();
  const decoded = ExportTraceServiceRequest.toObject(ExportTraceServiceRequest.decode(bytes), { longs: String, enums: Number, bytes: String, defaults: false });
  return { decoded: fromProtoObject(decoded), bytes: bytes.length };
}

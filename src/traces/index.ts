/**
 * Traces beyond the chat (DESIGN.md 13.5): a saved conversation's runs as data
 * (`conversation-runs.ts`), as OpenTelemetry traces (`export-otlp.ts`), sent to an OTLP endpoint
 * (`send-otlp.ts`), and found across conversations (`find-runs.ts`).
 */
export { conversationRuns, type ConversationRun } from './conversation-runs';
export { exportOtlp, type ExportOtlpOptions } from './export-otlp';
export type { OtlpTraceRequest, OtlpSpan, OtlpAttribute } from './otlp-json';
export { findRuns, type FoundRun, type RunQuery, type SavedNote } from './find-runs';
export type { TracePrices } from './run-prices';
export { sendOtlpTraces, otlpTracesUrl, isOtlpEndpoint, type OtlpSendResult } from './send-otlp';
export { RunTraceForwarder, type RunTraceForwarderOptions } from './run-trace-forwarder';

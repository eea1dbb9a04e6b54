/**
 * The marker codec (DESIGN.md section 3): everything that writes or reads what an assistant
 * message's content carries besides its answer. Formats and examples: docs/markers.md.
 */
export { serializeReasoningBlock, composeAssistantContent } from './serialize-reasoning-block';
export { parseAnswerBody, parseAssistantContent } from './parse-assistant-content';
export { readLeadingMarker, MAX_PAYLOAD_DEPTH, type LeadingMarker } from './read-leading-marker';
export { scanCommentPayload } from './scan-comment-payload';
export { stripMarkers } from './strip-markers';
export { normalizeReasoningPayload, type LegacyReasoningFormat } from './normalize-reasoning-payload';
export type { ContentSegment, LegacyToolCall, ParsedAssistantContent, ParsedBody, ParsedReasoning, ThinkSection } from './content-types';
export * from './reasoning-payload';
export { modelTurnsOf, sumUsage } from './model-turns';
export { formatCost, isModelPrice, runCost, runCostAt, tokensCost, type ModelPrice, type ModelPrices, type RunCost } from './run-cost';
export { FenceTracker, closesFence, openingFence, unclosedFence, type CodeFence } from './code-fence';
export { formatDuration } from './format-duration';
export { formatStepDuration } from './format-step-duration';
export { HIGHLIGHT_ONLY_LANGUAGES, runnableFenceLanguage } from './highlight-only-languages';
export { noteWritesOf, readToolChange, type NoteWriteRecord } from './read-tool-change';
export { waitingLabel } from './waiting-label';
export { citedNotes } from './cited-notes';
export { citationsOf } from './citation-verdicts';
export { describeRunDuration, settledRunLabel, type SettledReasoningStatus } from './describe-run-duration';
export { describeStepFailures, withStepFailures } from './describe-step-failures';

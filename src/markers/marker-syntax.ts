/** The literal openings and closings of every marker the codec knows (DESIGN.md 3.1–3.2). */
export const MARKER = Object.freeze({
  reasoningBlock: '<!--REASONING_BLOCK:',
  agentReasoning: '<!--AGENT_REASONING:',
  toolCallStart: '<!--TOOL_CALL_START:',
  toolCallEnd: '<!--TOOL_CALL_END:',
  commentEnd: '-->',
});

/** Marker openings that must never reach visible text outside code (used by tests and strip checks). */
export const MARKER_OPENINGS: readonly string[] = Object.freeze([
  MARKER.reasoningBlock,
  MARKER.agentReasoning,
  MARKER.toolCallStart,
  MARKER.toolCallEnd,
]);

/** How the runner drives the model (DESIGN.md 4): native tool calls, or reason → act → observe phases. */
export type AgentLoopStyle = 'tools' | 'reason-act-observe';

/** Every loop style, in the order the settings and the chat list them. */
export const AGENT_LOOP_STYLES: readonly AgentLoopStyle[] = Object.freeze(['tools', 'reason-act-observe']);

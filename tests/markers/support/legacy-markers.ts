/** Builders for the legacy formats of DESIGN.md 3.2, written the way older plugins wrote them. */

export interface LegacyBannerOptions {
  id?: string;
  toolName?: string;
  displayName?: string;
  emoji?: string;
  confirmationMessage?: string;
  isExecuting?: boolean;
  content?: string;
  /** Raw result text; `encode` writes it as `ENC:` + encodeURIComponent. */
  result?: string;
  encode?: boolean;
}

/** `<!--TOOL_CALL_START:...-->CONTENT<!--TOOL_CALL_END:id:RESULT-->` */
export function legacyBanner(options: LegacyBannerOptions = {}): string {
  const id = options.id ?? 'call-1';
  const header = [id, options.toolName ?? 'localSearch', options.displayName ?? 'Search notes', options.emoji ?? '🔍', options.confirmationMessage ?? '', String(options.isExecuting ?? false)].join(':');
  const result = options.result ?? 'found 3 notes';
  const encoded = options.encode === false ? result : `ENC:${encodeURIComponent(result)}`;
  return `<!--TOOL_CALL_START:${header}-->${options.content ?? ''}<!--TOOL_CALL_END:${id}:${encoded}-->`;
}

/** `<!--AGENT_REASONING:STATUS:SECONDS:JSON_ARRAY-->` */
export function agentReasoningMarker(status: string, seconds: number | string, steps: readonly string[]): string {
  return `<!--AGENT_REASONING:${status}:${seconds}:${JSON.stringify(steps)}-->`;
}

/** `<!--REASONING_BLOCK:{"elapsed":S,"steps":[...]}-->`, the first serialized form. */
export function secondsReasoningBlock(elapsed: number, steps: readonly string[]): string {
  return `<!--REASONING_BLOCK:${JSON.stringify({ elapsed, steps })}-->`;
}

/** The fields of a `TOOL_CALL_START` header, before the banner's content and result are known. */
export interface ToolCallHeader {
  readonly id: string;
  readonly toolName: string;
  readonly displayName: string;
  readonly emoji: string;
  readonly confirmationMessage: string;
  /** What the header says; a banner with an END marker is finished regardless. */
  readonly executingFlag: boolean;
}

/**
 * Splits `id:toolName:displayName:emoji:confirmationMessage:isExecuting`. The confirmation
 * message is the only free-text field, so it takes every colon between the fourth and the last.
 * Short headers from older writers are accepted as long as `id` and `toolName` are there;
 * anything less is not a banner (null).
 */
export function parseToolCallHeader(header: string): ToolCallHeader | null {
  const fields = header.split(':');
  const [id = '', toolName = '', displayName = '', emoji = ''] = fields;
  if (id.trim() === '' || toolName.trim() === '') return null;
  const hasFlag = fields.length >= 6;
  const flag = hasFlag ? (fields[fields.length - 1] ?? '').trim().toLowerCase() : '';
  return {
    id,
    toolName,
    displayName: displayName === '' ? toolName : displayName,
    emoji,
    confirmationMessage: fields.slice(4, hasFlag ? -1 : undefined).join(':'),
    executingFlag: flag === 'true' || flag === '1',
  };
}

/**
 * Decodes a `TOOL_CALL_END` result: `ENC:` + `encodeURIComponent(result)`, or raw text.
 * A broken percent-encoding is shown as it was written (without `ENC:`) rather than lost.
 */
export function decodeToolResult(raw: string): string {
  if (!raw.startsWith('ENC:')) return raw;
  const encoded = raw.slice(4);
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

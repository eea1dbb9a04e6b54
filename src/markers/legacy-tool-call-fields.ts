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
  // indexOf rather than split(':'): no array per banner, which shows with 10,000 banners.
  const first = header.indexOf(':');
  if (first <= 0) return null;
  const second = header.indexOf(':', first + 1);
  const id = header.slice(0, first);
  const toolName = header.slice(first + 1, second === -1 ? header.length : second);
  if (isBlank(id) || isBlank(toolName)) return null;
  const third = second === -1 ? -1 : header.indexOf(':', second + 1);
  const displayName = second === -1 ? '' : header.slice(second + 1, third === -1 ? header.length : third);
  const fourth = third === -1 ? -1 : header.indexOf(':', third + 1);
  const emoji = third === -1 ? '' : header.slice(third + 1, fourth === -1 ? header.length : fourth);
  const last = header.lastIndexOf(':');
  // Six fields need a fifth colon; the last colon then starts the flag.
  const hasFlag = fourth !== -1 && last > fourth;
  const flag = hasFlag ? header.slice(last + 1) : '';
  return {
    id,
    toolName,
    displayName: displayName === '' ? toolName : displayName,
    emoji,
    confirmationMessage: fourth === -1 ? '' : header.slice(fourth + 1, hasFlag ? last : header.length),
    executingFlag: flag === 'true' || (flag !== 'false' && isTrueFlag(flag)),
  };
}

function isTrueFlag(flag: string): boolean {
  const word = flag.trim().toLowerCase();
  return word === 'true' || word === '1';
}

/**
 * Decodes a `TOOL_CALL_END` result: `ENC:` + `encodeURIComponent(result)`, or raw text.
 * A broken percent-encoding is shown as it was written (without `ENC:`) rather than lost.
 */
export function decodeToolResult(raw: string): string {
  if (!raw.startsWith('ENC:')) return raw;
  const encoded = raw.slice(4);
  if (!encoded.includes('%')) return encoded;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

/** True for '' or only spaces and tabs; no string is made for the common non-blank case. */
function isBlank(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code !== 0x20 && code !== 0x09) return false;
  }
  return true;
}

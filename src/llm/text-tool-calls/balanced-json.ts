/**
 * The end (exclusive) of the JSON object or array that opens at `start`, found by counting
 * brackets outside strings; -1 when the text ends before it closes. Nothing is parsed here:
 * the span may still hold invalid JSON (single quotes, bare words), which the caller repairs.
 */
export function balancedJsonEnd(text: string, start: number): number {
  const open = text[start];
  if (open !== '{' && open !== '[') return -1;
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index++;
      else if (character === '"') inString = false;
      continue;
    }
    if (character === '"') inString = true;
    else if (character === '{' || character === '[') depth++;
    else if (character === '}' || character === ']') {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

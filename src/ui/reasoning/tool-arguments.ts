/** How long the one-line argument summary of a tool step may get (normal mode). */
export const SHORT_ARGUMENTS_CHARS = 60;

/**
 * One line naming a tool call's arguments for normal mode, e.g. `query: "refunds", limit: 5`.
 * Long values are cut with an ellipsis; the result is plain text for a text node.
 */
export function shortArguments(args: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(args)) {
    parts.push(`${key}: ${oneLine(value)}`);
  }
  return clamp(parts.join(', '), SHORT_ARGUMENTS_CHARS);
}

/** The arguments as indented JSON for verbose mode; never throws on odd values. */
export function fullArguments(args: Readonly<Record<string, unknown>>): string {
  try {
    return JSON.stringify(args, null, 2) ?? '{}';
  } catch {
    // Cycles or BigInts cannot come from JSON tool arguments, but a buggy tool must not break the view.
    return '{ arguments that cannot be shown }';
  }
}

function oneLine(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = JSON.stringify(value);
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.replace(/\s+/g, ' ');
}

function clamp(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

import { parseAssistantContent } from './parse-assistant-content';

/**
 * The answer as a person or the model should see it: every marker, tool-call banner and
 * think section removed, leading blank lines and trailing whitespace trimmed. Used for history
 * sent back to the model, "copy" and "insert at cursor" (DESIGN.md 3.3). Leading spaces of the
 * first text line are kept: they can be Markdown (an indented code block).
 */
export function stripMarkers(content: string): string {
  const { text } = parseAssistantContent(content);
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x0a) start = index + 1;
    else if (code !== 0x20 && code !== 0x09 && code !== 0x0d) break;
  }
  return text.slice(start).trimEnd();
}

/** One content block of an MCP tool result, as the wire gives it (only the fields read here). */
export interface McpContentBlock {
  readonly type: string;
  readonly text?: string;
  readonly uri?: string;
  readonly name?: string;
  readonly mimeType?: string;
  readonly resource?: { readonly uri?: string; readonly text?: string; readonly blob?: string; readonly mimeType?: string };
}

/**
 * The tool output the model and the trace get for an MCP tool result (issue 18): text as
 * is; resource links to notes as `[[Note]]`, other links as their URL; embedded text
 * resources as their text; images, audio and binary resources named but not sent (the
 * model gets text only). `structuredContent` is used when there is no content.
 */
export function mcpResultText(result: { readonly content?: readonly McpContentBlock[]; readonly structuredContent?: unknown }): string {
  const parts = (result.content ?? []).map(blockText).filter((part) => part !== '');
  if (parts.length === 0 && result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  return parts.join('\n');
}

function blockText(block: McpContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text ?? '';
    case 'resource_link':
      return linkText(block.uri ?? '', block.name);
    case 'resource':
      if (typeof block.resource?.text === 'string') return block.resource.text;
      return `[binary resource ${block.resource?.uri ?? ''} (${block.resource?.mimeType ?? 'unknown type'}): not sent to the model]`;
    case 'image':
    case 'audio':
      return `[${block.type} (${block.mimeType ?? 'unknown type'}): not sent to the model]`;
    default:
      return `[${block.type} content: not shown]`;
  }
}

/** A link to a Markdown note becomes a wikilink; anything else stays an address. */
function linkText(uri: string, name: string | undefined): string {
  const note = noteName(uri);
  if (note !== null) return `[[${note}]]`;
  return name !== undefined && name !== '' && name !== uri ? `${name}: ${uri}` : uri;
}

function noteName(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  let path: string | null = null;
  if (url.protocol === 'obsidian:') path = url.searchParams.get('file');
  else if (url.protocol === 'file:') path = safeDecode(url.pathname);
  if (path === null) return null;
  const base = path.split('/').at(-1) ?? '';
  if (url.protocol === 'file:' && !base.toLowerCase().endsWith('.md')) return null;
  const title = base.replace(/\.md$/i, '');
  // A bracket or pipe would break the wikilink; such a note is named by its address instead.
  return title === '' || /[[\]|]/.test(title) ? null : title;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

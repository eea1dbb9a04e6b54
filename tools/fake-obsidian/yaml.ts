/**
 * The small YAML subset notes use in frontmatter: `key: value` pairs, block lists (`- item`),
 * inline lists (`[a, b]`), quoted strings, numbers, booleans and null. Nested maps are kept as
 * their raw text. Linear, never throws; a line it does not understand is skipped.
 */
export function parseYaml(yaml: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  let listKey: string | null = null;
  for (const rawLine of yaml.split(/\r?\n/)) {
    if (rawLine.trim() === '' || rawLine.trimStart().startsWith('#')) continue;
    const listItem = /^\s+-\s*(.*)$/.exec(rawLine) ?? /^-\s+(.*)$/.exec(rawLine);
    if (listItem && listKey !== null) {
      const list = Array.isArray(result[listKey]) ? (result[listKey] as unknown[]) : [];
      list.push(parseScalar(listItem[1]));
      result[listKey] = list;
      continue;
    }
    const colon = rawLine.indexOf(':');
    if (colon <= 0 || /^\s/.test(rawLine)) continue;
    const key = unquote(rawLine.slice(0, colon).trim());
    const value = rawLine.slice(colon + 1).trim();
    if (value === '') {
      result[key] = null;
      listKey = key;
      continue;
    }
    listKey = null;
    result[key] = parseScalar(value);
  }
  return result;
}

/** Writes a flat object as YAML that `parseYaml` reads back. */
export function stringifyYaml(data: unknown): string {
  if (data === null || typeof data !== 'object') return `${formatScalar(data)}\n`;
  const lines: string[] = [];
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (Array.isArray(value)) {
      lines.push(`${key}:`);
      for (const item of value) lines.push(`  - ${formatScalar(item)}`);
    } else lines.push(`${key}: ${formatScalar(value)}`);
  }
  return `${lines.join('\n')}\n`;
}

function parseScalar(text: string): unknown {
  const value = stripComment(text).trim();
  if (value.startsWith('[') && value.endsWith(']')) {
    const inner = value.slice(1, -1).trim();
    return inner === '' ? [] : splitInline(inner).map((item) => parseScalar(item));
  }
  if (value.startsWith('"') || value.startsWith("'")) return unquote(value);
  if (value === 'true' || value === 'false') return value === 'true';
  if (value === 'null' || value === '~' || value === '') return null;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

function stripComment(text: string): string {
  if (text.startsWith('"') || text.startsWith("'")) return text;
  const hash = text.indexOf(' #');
  return hash >= 0 ? text.slice(0, hash) : text;
}

function splitInline(text: string): string[] {
  const items: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = null;
      current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      current += char;
    } else if (char === ',') {
      items.push(current.trim());
      current = '';
    } else current += char;
  }
  items.push(current.trim());
  return items;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    try {
      return JSON.parse(value) as string;
    } catch {
      return value.slice(1, -1);
    }
  }
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1).replace(/''/g, "'");
  return value;
}

function formatScalar(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /^[\w./ -]*$/.test(text) && text.trim() === text && text !== '' && !/^(true|false|null|-?\d)/.test(text) ? text : JSON.stringify(text);
}

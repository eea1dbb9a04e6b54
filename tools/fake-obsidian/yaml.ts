/**
 * The YAML subset notes and Bases files use: block mappings and sequences nested by indentation
 * (a sequence may sit at its key's own indent; `- key: value` starts a mapping item), inline
 * lists (`[a, b]`), quoted strings, numbers, booleans and null. Linear, never throws; a line it
 * does not understand is skipped. Obsidian's own `parseYaml` is a full YAML parser.
 */
export function parseYaml(yaml: string): Record<string, unknown> {
  const lines: YamlLine[] = yaml
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'))
    .map((line) => ({ indent: line.length - line.trimStart().length, text: line.trim() }));
  const first = lines[0];
  if (first === undefined || isSequenceItem(first.text)) return {};
  return parseMapping(lines, { at: 0 }, first.indent);
}

/** One line: its indent and its text without it. */
interface YamlLine {
  readonly indent: number;
  readonly text: string;
}

function parseMapping(lines: YamlLine[], cursor: { at: number }, indent: number): Record<string, unknown> {
  const map: Record<string, unknown> = {};
  while (cursor.at < lines.length) {
    const line = lines[cursor.at];
    if (line.indent < indent) break;
    cursor.at += 1;
    const entry = line.indent === indent ? keyValue(line.text) : null;
    if (entry === null) continue;
    const [key, value] = entry;
    const next = lines[cursor.at] as YamlLine | undefined;
    if (value !== '') map[key] = parseScalar(value);
    else if (next !== undefined && next.indent === indent && isSequenceItem(next.text)) map[key] = parseSequence(lines, cursor, indent);
    else if (next !== undefined && next.indent > indent) map[key] = isSequenceItem(next.text) ? parseSequence(lines, cursor, next.indent) : parseMapping(lines, cursor, next.indent);
    else map[key] = null;
  }
  return map;
}

function parseSequence(lines: YamlLine[], cursor: { at: number }, indent: number): unknown[] {
  const items: unknown[] = [];
  while (cursor.at < lines.length) {
    const line = lines[cursor.at];
    if (line.indent !== indent || !isSequenceItem(line.text)) break;
    const rest = line.text.slice(1).trimStart();
    const restIndent = indent + line.text.length - rest.length;
    if (rest !== '' && keyValue(rest) !== null) {
      // `- key: value`: a mapping whose first key sits after the dash.
      lines[cursor.at] = { indent: restIndent, text: rest };
      items.push(parseMapping(lines, cursor, restIndent));
      continue;
    }
    cursor.at += 1;
    const next = lines[cursor.at] as YamlLine | undefined;
    if (rest === '' && next !== undefined && next.indent > indent) items.push(isSequenceItem(next.text) ? parseSequence(lines, cursor, next.indent) : parseMapping(lines, cursor, next.indent));
    else items.push(parseScalar(rest));
  }
  return items;
}

function isSequenceItem(text: string): boolean {
  return text === '-' || text.startsWith('- ');
}

/** `key: value` (value may be empty), the key plain or quoted; null when the text is no such line. */
function keyValue(text: string): [string, string] | null {
  const match = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s"'#\-[{][^:]*?|-[^\s:][^:]*?):(?:[ \t]+(.*))?$/.exec(text);
  return match === null ? null : [unquote(match[1].trim()), (match[2] ?? '').trim()];
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

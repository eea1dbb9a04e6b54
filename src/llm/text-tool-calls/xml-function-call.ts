import type { LlmToolSchema } from '../chat-types';

/** A `<function=name><parameter=key>value</parameter></function>` call read into a name and arguments. */
export interface XmlFunctionCall {
  readonly name: string;
  readonly args: Record<string, unknown>;
}

const FUNCTION_OPEN = /<function=([^>\n]*)>/;
const PARAMETER = /<parameter=([^>\n]*)>([\s\S]*?)(<\/parameter>|(?=<parameter=)|(?=<\/function>)|$)/g;

/**
 * Reads Qwen3-Coder's XML call (as Ollama's `qwen3coder` parser does): names and keys are taken
 * as written (spaces and quotes kept), a closed value loses one leading and one trailing newline,
 * an unclosed one (the model stopped early) is trimmed, and each value is typed by the tool's
 * JSON schema for that parameter (a parameter the schema does not name stays a string).
 */
export function readXmlFunctionCall(body: string, tools: readonly LlmToolSchema[]): XmlFunctionCall | undefined {
  const open = FUNCTION_OPEN.exec(body);
  if (open === null) return undefined;
  const name = open[1] ?? '';
  const end = body.indexOf('</function>', open.index);
  const inner = body.slice(open.index + open[0].length, end === -1 ? undefined : end);
  const properties = propertiesOf(tools.find((tool) => tool.name === name));
  const args: Record<string, unknown> = {};
  for (const match of inner.matchAll(PARAMETER)) {
    const key = match[1] ?? '';
    const raw = match[2] ?? '';
    const closed = match[3] === '</parameter>';
    const value = closed ? raw.replace(/^\n/, '').replace(/\n$/, '') : raw.trim();
    args[key] = typedValue(value, typesOf(properties[key]));
  }
  return { name, args };
}

/**
 * A parameter's text as the schema's types read it. Precedence (Ollama's): `null`, then a
 * number, a boolean, an array or object, then a string; a value no type accepts stays a string
 * (a boolean-only parameter falls back to false).
 */
export function typedValue(value: string, types: readonly string[]): unknown {
  if (types.length === 0) return value;
  if (value.trim().toLowerCase() === 'null') return null;
  if ((types.includes('number') || types.includes('integer')) && /^\s*-?\d+(\.\d+)?([eE][+-]?\d+)?\s*$/.test(value)) return Number(value);
  if (types.includes('boolean')) {
    const lowered = value.trim().toLowerCase();
    if (lowered === 'true' || lowered === 'false') return lowered === 'true';
  }
  if (types.includes('array') || types.includes('object')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed) ? types.includes('array') : parsed !== null && typeof parsed === 'object' && types.includes('object')) return parsed;
    } catch {
      // Not JSON: a string below.
    }
  }
  if (types.length === 1 && types[0] === 'boolean') return false;
  return value;
}

function propertiesOf(tool: LlmToolSchema | undefined): Record<string, unknown> {
  const properties = tool?.parameters.properties;
  return properties !== null && typeof properties === 'object' ? (properties as Record<string, unknown>) : {};
}

/** The JSON-schema types a property allows (`type`, a list of types, or `anyOf` / `oneOf` members). */
function typesOf(property: unknown): string[] {
  if (property === null || typeof property !== 'object') return [];
  const schema = property as { type?: unknown; anyOf?: unknown; oneOf?: unknown };
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === 'string');
  const members: unknown = schema.anyOf ?? schema.oneOf;
  return Array.isArray(members) ? members.flatMap(typesOf) : [];
}

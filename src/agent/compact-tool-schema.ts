import type { LlmToolSchema } from '../llm';
import type { AgentTool } from './agent-tool';
import { toLlmToolSchema } from './tool-schema';

/**
 * A tool's function schema as offered on a small window (DESIGN.md 13.6): its compact
 * description (else the first sentence of its description), and its parameters without their
 * descriptions, `minLength`, zod's ±2^53 integer bounds and `additionalProperties: false`. Names,
 * types, enums, the other bounds and `required` stay: the zod schema still validates every call.
 */
export function compactToolSchema(tool: AgentTool): LlmToolSchema {
  const full = toLlmToolSchema(tool);
  const parameters = withoutDescriptions(full.parameters) as Record<string, unknown>;
  return { name: full.name, description: tool.compactDescription ?? firstSentence(tool.description), parameters };
}

/** The description up to its first full stop followed by a space (all of it when it has none). */
function firstSentence(description: string): string {
  const end = /[.!?](?=\s)/.exec(description);
  return end === null ? description.trim() : description.slice(0, end.index + 1).trim();
}

/** Keywords of a JSON schema whose values are schemas: one, a list of them, or a map of names to them. */
const ONE_SCHEMA = new Set(['items', 'not', 'additionalProperties', 'contains', 'propertyNames']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

/** zod's bounds of a plain integer (±2^53 − 1): they say nothing a model needs. */
function isUnbounded(key: string, value: unknown): boolean {
  return (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) || (key === 'minimum' && value === Number.MIN_SAFE_INTEGER);
}

function withoutDescriptions(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === 'description' || key === '$schema' || key === 'minLength' || (key === 'additionalProperties' && value === false) || isUnbounded(key, value)) continue;
    if (ONE_SCHEMA.has(key)) kept[key] = withoutDescriptions(value);
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) kept[key] = value.map(withoutDescriptions);
    else if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null) kept[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, member]) => [name, withoutDescriptions(member)]));
    else kept[key] = value;
  }
  return kept;
}

import * as z from 'zod/v4';
import type { LlmToolSchema } from '../llm';
import type { AgentTool } from './agent-tool';

/**
 * Turns an {@link AgentTool} into the function schema offered to the model with zod's own JSON
 * schema conversion (the one `@langchain/core` calls underneath for zod 4 schemas): the tool is
 * described once, with its zod schema. See docs/decisions/langchain-tool-schemas.md for why this
 * no longer goes through LangChain.
 */
export function toLlmToolSchema(tool: AgentTool): LlmToolSchema {
  if (tool.parameters !== undefined) return { name: tool.name, description: tool.description, parameters: { ...tool.parameters } };
  const parameters = { ...(z.toJSONSchema(tool.schema) as Record<string, unknown>) };
  // The `$schema` URI means nothing to providers and some local servers reject unknown keys.
  delete parameters.$schema;
  return { name: tool.name, description: tool.description, parameters };
}

import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import type { StructuredToolParams } from '@langchain/core/tools';
import type { LlmToolSchema } from '../llm';
import type { AgentTool } from './agent-tool';

/**
 * Turns an {@link AgentTool} into the function schema offered to the model, through
 * `@langchain/core`'s tool definitions (DESIGN.md 4): the tool is described once, with its zod
 * schema, and LangChain produces the OpenAI JSON schema. See docs/decisions/langchain-tool-schemas.md
 * for what this costs in the bundle and why it is safe on mobile.
 */
export function toLlmToolSchema(tool: AgentTool): LlmToolSchema {
  if (tool.parameters !== undefined) return { name: tool.name, description: tool.description, parameters: { ...tool.parameters } };
  const definition: StructuredToolParams = { name: tool.name, description: tool.description, schema: tool.schema as StructuredToolParams['schema'] };
  const openAiTool = convertToOpenAITool(definition);
  const parameters = { ...(openAiTool.function.parameters as Record<string, unknown>) };
  // The `$schema` URI means nothing to providers and some local servers reject unknown keys.
  delete parameters.$schema;
  return { name: tool.name, description: tool.description, parameters };
}

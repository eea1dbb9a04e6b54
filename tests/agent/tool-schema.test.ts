import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import * as z from 'zod/v4';
import type { AgentTool } from '../../src/agent/agent-tool';
import { toLlmToolSchema } from '../../src/agent/tool-schema';
import { reportThinkingTool, thinkAloudTool } from '../../src/agent/tools/report-thinking';
import { requestInputTool } from '../../src/agent/tools/request-input';
import { createVaultTools } from '../../src/search';
import { VaultIndex } from '../../src/search/vault-index';
import { MemoryVaultSource } from '../search/support/memory-vault-source';

// main.js converts tool schemas with zod's own JSON schema conversion instead of bundling
// @langchain/core (docs/decisions/langchain-tool-schemas.md). The model must see exactly what
// LangChain's tool definitions produced, so every built-in tool is compared with it here.

function builtInTools(): AgentTool[] {
  const source = new MemoryVaultSource({});
  return [reportThinkingTool, thinkAloudTool, requestInputTool, ...createVaultTools({ index: new VaultIndex(source), source })] as AgentTool[];
}

describe('toLlmToolSchema', () => {
  it.each(builtInTools().map((tool) => [tool.name, tool] as const))('gives %s the same parameters as LangChain', (_name, tool) => {
    const viaLangChain = convertToOpenAITool({ name: tool.name, description: tool.description, schema: tool.schema as never });
    const expected = { ...(viaLangChain.function.parameters as Record<string, unknown>) };
    delete expected.$schema;
    expect(toLlmToolSchema(tool)).toEqual({ name: tool.name, description: tool.description, parameters: expected });
  });

  it('closes objects, keeps descriptions and bounds, and leaves out the $schema key', () => {
    const tool: AgentTool = {
      name: 'pick',
      description: 'Picks.',
      schema: z.object({ count: z.number().int().min(1).max(5).describe('How many.'), label: z.string().optional() }),
      run: () => Promise.resolve(''),
    } as unknown as AgentTool;
    expect(toLlmToolSchema(tool).parameters).toEqual({
      type: 'object',
      properties: { count: { type: 'integer', minimum: 1, maximum: 5, description: 'How many.' }, label: { type: 'string' } },
      required: ['count'],
      additionalProperties: false,
    });
  });
});

import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

/**
 * The JSON Schema validator Glassbox gives the SDK client. The client uses one only to check a
 * tool's structured output against the output schema it cached from `listTools`; Glassbox lists
 * tools with its own request (McpConnection) and reads results as text, so nothing is cached and
 * this is never asked to check anything. It exists so the SDK's default (Ajv, about 230 KiB in
 * main.js) is not needed (tools/build/mcp-without-ajv.mjs).
 */
export class AcceptAllJsonSchemaValidator implements jsonSchemaValidator {
  getValidator<T>(_schema: JsonSchemaType): JsonSchemaValidator<T> {
    return (input: unknown) => ({ valid: true, data: input as T, errorMessage: undefined });
  }
}

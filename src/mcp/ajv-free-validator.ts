/**
 * Stands in for the MCP SDK's Ajv validator module in main.js (tools/build/mcp-without-ajv.mjs): the
 * same export name, backed by the validator Glassbox passes to every client anyway. Nothing
 * imports this file directly.
 */
export { AcceptAllJsonSchemaValidator as AjvJsonSchemaValidator } from './accept-all-validator';

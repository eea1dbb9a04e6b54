/**
 * MCP tools (DESIGN.md 11.5): servers from the `mcpServers` JSON, through the official SDK
 * client, offered to the agent as `server__tool` through the same tool protocol as the
 * built-in tools. Imports neither `obsidian` nor `react`; the stdio transport (Node) loads only
 * when a stdio server starts.
 */
export { parseMcpServers, type McpServerConfig, type McpConfigResult } from './mcp-server-config';
export { McpServers, type McpServerStatus, type McpRunTools } from './mcp-servers';
export { createMcpTransportFactory } from './mcp-transport';
export { mcpApprovalScope } from './mcp-tool';
export type { McpLog, McpLogLine } from './mcp-log';

/** A tool as an MCP server lists it (only the fields Glassbox uses). */
export interface McpListedTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: unknown;
}

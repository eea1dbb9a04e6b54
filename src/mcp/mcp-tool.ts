import { Validator } from '@cfworker/json-schema';
import { z } from 'zod';
import type { AgentTool, AgentToolResult } from '../agent/agent-tool';
import type { AgentToolApproval } from '../agent/approval';
import { clampLine } from '../agent/clamp-text';
import type { McpConnection } from './mcp-connection';
import type { McpListedTool } from './mcp-listed-tool';
import { mcpResultText } from './mcp-result-text';

/** What goes between the server's name and the tool's in the name the model sees. */
export const MCP_TOOL_SEPARATOR = '__';
/** Providers accept function names of at most 64 characters of these kinds. */
const MAX_TOOL_NAME_CHARS = 64;
/** The SDK's own request timeout is not used: the run's signal carries the per-tool timeout and the stop. */
const NO_SDK_TIMEOUT_MS = 2 ** 31 - 1;

/** A listed tool turned into an agent tool, or why it was refused. */
export type McpToolOrRefusal = { readonly ok: true; readonly tool: AgentTool } | { readonly ok: false; readonly reason: string };

/** The approval every MCP call asks for (DESIGN.md 11.5): once, always for this server, or never. */
export function mcpApproval(serverName: string, toolName: string): AgentToolApproval {
  return {
    scope: mcpApprovalScope(serverName),
    choices: [
      { decision: 'allow_once', label: 'Allow once' },
      { decision: 'allow_always', label: 'Always allow this server' },
      { decision: 'deny_always', label: 'Never' },
    ],
    describe: (args) => ({ title: `Allow the MCP server ${serverName} to run ${toolName}?`, detail: JSON.stringify(args, null, 2) }),
  };
}

/** The approval scope of one server, as kept in settings. */
export function mcpApprovalScope(serverName: string): string {
  return `mcp:${serverName}`;
}

/**
 * Turns one tool an MCP server listed into an {@link AgentTool} named `server__tool`, offered
 * to the model with the server's JSON Schema as given and validated against it before the
 * call goes out. A tool whose input schema is not an object schema (or not a schema the
 * validator can read) is refused with the reason.
 */
export function createMcpTool(options: { connection: McpConnection; listed: McpListedTool; redact: (text: string) => string }): McpToolOrRefusal {
  const { connection, listed } = options;
  const serverName = connection.config.name;
  const inputSchema = listed.inputSchema;
  if (!isObjectSchema(inputSchema)) return { ok: false, reason: `${serverName}: the tool ${clampLine(listed.name, 60)} was left out: its input schema is not an object schema` };
  let validator: Validator;
  try {
    validator = new Validator(inputSchema, '2020-12', false);
  } catch (error) {
    return { ok: false, reason: `${serverName}: the tool ${clampLine(listed.name, 60)} was left out: its input schema cannot be read (${error instanceof Error ? error.message : String(error)})` };
  }
  const name = toolNameFor(serverName, listed.name);
  const schema = z.record(z.string(), z.unknown()).superRefine((value, context) => {
    const result = validator.validate(value);
    // cfworker reports a failing property twice (the property, then "properties"); the first is enough.
    for (const problem of result.errors.filter((error) => error.keyword !== 'properties').slice(0, 5)) {
      const path = problem.instanceLocation.replace(/^#\/?/, '').split('/').filter((part) => part !== '');
      context.addIssue({ code: 'custom', path, message: problem.error.replace(/\.$/, '') });
    }
  });
  const tool: AgentTool<typeof schema> = {
    name,
    description: listed.description?.trim() || `The ${listed.name} tool of the MCP server ${serverName}.`,
    schema,
    parameters: inputSchema,
    approval: mcpApproval(serverName, listed.name),
    describeStart: (args) => clampLine(`${serverName}: ${listed.name}${describeArgs(args)}`, 120),
    execute: async (args, context): Promise<AgentToolResult> => {
      const result = await connection.callTool(listed.name, args, { signal: context.signal, timeoutMs: NO_SDK_TIMEOUT_MS });
      const text = options.redact(mcpResultText(result));
      if (result.isError === true) throw new Error(text === '' ? 'the server reported an error' : text);
      return { output: text };
    },
  };
  return { ok: true, tool };
}

/** `server__tool`, with characters providers refuse replaced by `_`, at most 64 characters. */
export function toolNameFor(serverName: string, toolName: string): string {
  return `${serverName}${MCP_TOOL_SEPARATOR}${toolName.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, MAX_TOOL_NAME_CHARS);
}

function isObjectSchema(schema: unknown): schema is Record<string, unknown> {
  return schema !== null && typeof schema === 'object' && !Array.isArray(schema) && (schema as Record<string, unknown>).type === 'object';
}

function describeArgs(args: Record<string, unknown>): string {
  const first = Object.values(args).find((value) => typeof value === 'string' || typeof value === 'number');
  return first === undefined ? '' : ` "${String(first)}"`;
}

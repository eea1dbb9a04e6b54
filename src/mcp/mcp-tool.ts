import * as z from 'zod/v4';
import type { AgentTool, AgentToolResult } from '../agent';
import type { AgentToolApproval } from '../agent';
import { clampLine } from '../agent';
import type { McpConnection } from './mcp-connection';
import type { McpListedTool } from './mcp-listed-tool';
import { mcpResultText } from './mcp-result-text';
import { t } from '../i18n';

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
      { decision: 'allow_once', label: t('approval.allowOnce') },
      { decision: 'allow_always', label: t('approval.alwaysAllowServer') },
      { decision: 'deny_always', label: t('approval.never') },
    ],
    describe: (args) => ({ title: t('approval.mcpTitle', { server: serverName, tool: toolName }), detail: JSON.stringify(args, null, 2) }),
  };
}

/** The approval scope of one server, as kept in settings. */
export function mcpApprovalScope(serverName: string): string {
  return `mcp:${serverName}`;
}

/**
 * Turns one tool an MCP server listed into an {@link AgentTool} named `server__tool`, offered
 * to the model with the server's JSON Schema as given. The schema is checked first: a tool whose
 * input schema is not an object schema (`type: "object"`, with `properties` an object and
 * `required` a list of names when present) is refused with the reason. The arguments themselves
 * are checked by the server, whose error comes back to the model as the result.
 */
export function createMcpTool(options: { connection: McpConnection; listed: McpListedTool; redact: (text: string) => string }): McpToolOrRefusal {
  const { connection, listed } = options;
  const serverName = connection.config.name;
  const inputSchema = listed.inputSchema;
  if (!isObjectSchema(inputSchema)) return { ok: false, reason: t('mcp.serverProblem', { server: serverName, problem: t('mcp.notObjectSchema', { tool: clampLine(listed.name, 60) }) }) };
  const name = toolNameFor(serverName, listed.name);
  const schema = z.record(z.string(), z.unknown());
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
  if (!isRecord(schema) || schema.type !== 'object') return false;
  if (schema.properties !== undefined && !isRecord(schema.properties)) return false;
  return schema.required === undefined || (Array.isArray(schema.required) && schema.required.every((item) => typeof item === 'string'));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function describeArgs(args: Record<string, unknown>): string {
  const first = Object.values(args).find((value) => typeof value === 'string' || typeof value === 'number');
  return first === undefined ? '' : ` "${String(first)}"`;
}

import type { Plugin } from 'esbuild';

/** See mcp-without-oauth.mjs. */
export declare const mcpWithoutOAuthPlugin: Plugin;

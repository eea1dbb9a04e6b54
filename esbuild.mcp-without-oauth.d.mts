import type { Plugin } from 'esbuild';

/** See esbuild.mcp-without-oauth.mjs. */
export declare const mcpWithoutOAuthPlugin: Plugin;

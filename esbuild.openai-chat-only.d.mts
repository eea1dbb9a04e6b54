import type { Plugin } from 'esbuild';

/** See esbuild.openai-chat-only.mjs. */
export declare const openaiChatOnlyPlugin: Plugin;

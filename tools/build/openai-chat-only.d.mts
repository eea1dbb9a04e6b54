import type { Plugin } from 'esbuild';

/** See openai-chat-only.mjs. */
export declare const openaiChatOnlyPlugin: Plugin;

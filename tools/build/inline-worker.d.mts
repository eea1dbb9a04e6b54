import type { Plugin } from 'esbuild';

/** See inline-worker.mjs. */
export declare const inlineWorkerPlugin: Plugin;

/** See inline-worker.mjs. */
export declare function packWorker(entry: string, options?: { target?: string; minify?: boolean; define?: Record<string, string> }): Promise<{ packed: string; inputs: string[] }>;

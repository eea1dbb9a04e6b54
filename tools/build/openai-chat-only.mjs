import { readFileSync } from 'node:fs';
import path from 'node:path';

// The `openai` client constructs every API resource in its constructor (admin, audio, beta,
// realtime, responses, vector stores, ...), so esbuild cannot drop the ones Glassbox never calls
// and they made half of the SDK's 390 KB in main.js. Glassbox calls only `chat.completions` and
// `models`: this plugin gives the other resource modules an empty class of the same name, so the
// client still builds and the chat request path stays the SDK's own, unchanged code
// (docs/decisions/openai-chat-only-bundle.md).

/** The resources Glassbox calls; every other top-level resource is bundled empty. */
const KEPT_RESOURCES = new Set(['chat', 'models']);

/**
 * The helpers behind `chat.completions.runTools()` and `.stream()`, which Glassbox does not call
 * (it streams with `create({ stream: true })`): bundled as classes that say so when used.
 */
const UNUSED_CHAT_HELPERS = {
  'ChatCompletionRunner.mjs': ['ChatCompletionRunner'],
  'ChatCompletionStreamingRunner.mjs': ['ChatCompletionStreamingRunner'],
  'ChatCompletionStream.mjs': ['ChatCompletionStream'],
};

function notBundled(names) {
  const fail = "() => { throw new Error('This openai helper is not bundled in Glassbox (tools/build/openai-chat-only.mjs).'); }";
  return names.map((name) => `export class ${name} { constructor() { (${fail})(); } static runTools = ${fail}; static createChatCompletion = ${fail}; static fromReadableStream = ${fail}; }`).join('\n');
}

/**
 * The SDK's query-string encoder (a port of the `qs` package, about 6 KB) serves list and
 * retrieve calls with nested or array parameters; the chat request has no query string. Bundled
 * as URLSearchParams for flat values, failing clearly on anything nested.
 */
const FLAT_QUERY_ONLY = `export function stringifyQuery(query) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (value !== null && typeof value === 'object') throw new Error('Nested query parameters are not bundled in Glassbox (tools/build/openai-chat-only.mjs).');
    params.append(key, value === null ? '' : String(value));
  }
  return params.toString();
}
`;

/** Workload identity (cloud token exchange) runs only when the client is given `workloadIdentity`, which Glassbox never passes. */
const NO_WORKLOAD_IDENTITY = `export class WorkloadIdentityAuth {
  constructor() { throw new Error('Workload identity auth is not bundled in Glassbox (tools/build/openai-chat-only.mjs).'); }
}
`;

/** `OpenAI.toFile` and `toStreamingFile` build file uploads, for resources Glassbox does not bundle. */
const NO_FILE_UPLOADS = `const fail = () => { throw new Error('File uploads are not bundled in Glassbox (tools/build/openai-chat-only.mjs).'); };
export const toFile = fail;
export const toStreamingFile = fail;
`;

export const openaiChatOnlyPlugin = {
  name: 'openai-chat-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]openai[\\/]internal[\\/]utils[\\/]query\.mjs$/ }, () => ({ contents: FLAT_QUERY_ONLY, loader: 'js' }));
    build.onLoad({ filter: /[\\/]node_modules[\\/]openai[\\/]core[\\/]uploads\.mjs$/ }, () => ({ contents: NO_FILE_UPLOADS, loader: 'js' }));
    build.onLoad({ filter: /[\\/]node_modules[\\/]openai[\\/]auth[\\/]workload-identity-auth\.mjs$/ }, () => ({ contents: NO_WORKLOAD_IDENTITY, loader: 'js' }));
    build.onLoad({ filter: /[\\/]node_modules[\\/]openai[\\/]lib[\\/]ChatCompletion\w*\.mjs$/ }, (args) => {
      const names = UNUSED_CHAT_HELPERS[path.basename(args.path)];
      return names ? { contents: notBundled(names), loader: 'js' } : undefined;
    });
    build.onLoad({ filter: /[\\/]node_modules[\\/]openai[\\/]resources[\\/].*\.mjs$/ }, (args) => {
      const resources = args.path.slice(0, args.path.lastIndexOf(`${path.sep}resources${path.sep}`) + '/resources'.length);
      const parts = path.relative(resources, args.path).split(path.sep);
      const name = path.basename(args.path, '.mjs');
      // Only a top-level resource: resources/<name>.mjs or resources/<name>/<name>.mjs.
      const topLevel = parts.length === 1 || (parts.length === 2 && parts[0] === name);
      if (!topLevel || KEPT_RESOURCES.has(name)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const classes = [...source.matchAll(/^export class (\w+) extends APIResource\b/gm)].map((match) => match[1]);
      if (classes.length !== 1) return undefined;
      const resourceModule = path.join(resources, '..', 'core', 'resource.mjs');
      return {
        contents: `import { APIResource } from ${JSON.stringify(resourceModule)};\nexport class ${classes[0]} extends APIResource {}\n`,
        loader: 'js',
      };
    });
  },
};

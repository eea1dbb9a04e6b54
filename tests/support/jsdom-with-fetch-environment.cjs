// jsdom has no fetch, streams or a fetch-compatible AbortController. The plugin runs in
// Electron, which has all of them, so DOM tests get Node's own implementations.
const { TestEnvironment } = require('jest-environment-jsdom');

const NODE_GLOBALS = [
  'fetch', 'Request', 'Response', 'Headers', 'FormData', 'Blob', 'File',
  'ReadableStream', 'WritableStream', 'TransformStream', 'TextEncoderStream', 'TextDecoderStream',
  'TextEncoder', 'TextDecoder', 'AbortController', 'AbortSignal', 'structuredClone',
  'setImmediate', 'clearImmediate', 'MessageChannel', 'BroadcastChannel', 'performance',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    for (const name of NODE_GLOBALS) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;

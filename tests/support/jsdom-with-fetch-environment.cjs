// jsdom has no fetch, streams or a fetch-compatible AbortController. The plugin runs in
// Electron, which has all of them, so DOM tests get Node's own implementations.
const { TestEnvironment } = require('jest-environment-jsdom');
// Obsidian's window (desktop and mobile) has IndexedDB; jsdom has none. fake-indexeddb is a
// complete in-memory implementation; each test file gets its own, empty one.
const { IDBFactory, IDBKeyRange } = require('fake-indexeddb');

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
    this.global.indexedDB = new IDBFactory();
    this.global.IDBKeyRange = IDBKeyRange;
  }
}

module.exports = JsdomWithFetchEnvironment;

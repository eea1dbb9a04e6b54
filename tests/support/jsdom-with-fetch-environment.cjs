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

function descriptorOf(object, name) {
  for (let at = object; at !== null; at = Object.getPrototypeOf(at)) {
    const descriptor = Object.getOwnPropertyDescriptor(at, name);
    if (descriptor) return descriptor;
  }
  return undefined;
}

// Node's MessagePort keeps the process alive while it has a listener; a browser's holds nothing
// open. The plugin's in-page index (no Worker in jsdom) talks over a MessageChannel, so a plugin
// a test loaded and never unloaded would keep jest from exiting. These ports deliver the same
// messages and let go of the process once their listener is set.
class BrowserLikeMessageChannel extends MessageChannel {
  constructor() {
    super();
    for (const port of [this.port1, this.port2]) {
      const { get, set } = descriptorOf(port, 'onmessage');
      Object.defineProperty(port, 'onmessage', {
        configurable: true,
        get: () => get.call(port),
        set: (listener) => {
          set.call(port, listener);
          port.unref();
        },
      });
    }
  }
}

class JsdomWithFetchEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    for (const name of NODE_GLOBALS) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
    this.global.MessageChannel = BrowserLikeMessageChannel;
    this.global.indexedDB = new IDBFactory();
    this.global.IDBKeyRange = IDBKeyRange;
  }
}

module.exports = JsdomWithFetchEnvironment;

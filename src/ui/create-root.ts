import type { Root, RootOptions } from 'react-dom/client';

type ReactDomClient = typeof import('react-dom/client');

let client: ReactDomClient | null = null;

/**
 * react-dom's `createRoot`, with react-dom's client (about 190 KB, most of React's evaluation
 * time) evaluated the first time a root is made: when the first chat view opens or the first
 * reasoning block is drawn, not when Obsidian loads the plugin (DESIGN.md 13.7: evaluating
 * main.js and `onload` within 30 ms). esbuild keeps a `require` inside a function as a call
 * that evaluates the module then; an `import()` would make every root asynchronous.
 */
export function createRoot(container: Element | DocumentFragment, options?: RootOptions): Root {
  // eslint-disable-next-line @typescript-eslint/no-require-imports, no-undef -- esbuild's (and jest's) require: evaluated on first use (docs/decisions/bundle-size.md)
  client ??= require('react-dom/client') as ReactDomClient;
  return client.createRoot(container, options);
}

import * as codemirrorState from '@codemirror/state';
import * as codemirrorView from '@codemirror/view';
import * as obsidian from '../../tools/fake-obsidian';

// The page side of the startup benchmark: the fake Obsidian host, and a loader that runs a
// built main.js the way Obsidian does (its text as a function of require, module, exports),
// with performance marks around evaluation and around `onload`.
//
// Obsidian's app.js (loadPlugin) runs `window.eval("(function anonymous(require,module,exports){"
// + source + "\n})\n//# sourceURL=plugin:<id>\n")` and calls the function it returns. V8 compiles a
// parenthesised function expression eagerly, so main.js is fully parsed when that script is
// compiled ("compile" below) and the call only runs its top level ("evaluate"); the bench compiles
// the same parenthesised wrapper as an inline script. The `script` loader is how this bench ran
// main.js until 2026-11-27: an unparenthesised function, which V8 compiles lazily, so the full
// parse fell in "evaluate" (kept to compare with older numbers).

/** What one load measured, in ms of wall time on the page's main thread. */
export interface StartupRun {
  /** Parsing and compiling main.js (creating the function). */
  readonly compileMs: number;
  /** Running main.js's top level (every module body that is not deferred). */
  readonly evaluateMs: number;
  readonly onloadMs: number;
  /** Whether onload finished within the task that started it (so wall time is main-thread time). */
  readonly onloadInOneTask: boolean;
}

/** A main.js evaluated on the page, before `onload`. */
interface Evaluated {
  readonly app: InstanceType<typeof obsidian.App>;
  readonly PluginClass: new (app: never, manifest: never) => object;
  readonly compileMs: number;
  readonly evaluateMs: number;
}

let evaluated: Evaluated | null = null;

/** How main.js is turned into a function: as Obsidian does (`obsidian`), or as this bench did until 2026-11-27. */
export type StartupLoader = 'obsidian' | 'script';

/** Compiles and evaluates main.js as Obsidian does; `onload` is the next step. */
function evaluate(code: string, files: Record<string, string>, loader: StartupLoader = 'obsidian', device: Record<string, string> = {}): void {
  // The device's local storage: what an earlier launch kept there (the bench passes it from load to load).
  const deviceStorage = { getItem: (key: string) => device[key] ?? null, setItem: (key: string, value: string) => void (device[key] = value), removeItem: (key: string) => void delete device[key] };
  const app = new obsidian.App({ files, layoutReady: false, deviceStorage, appId: 'startup-bench' });
  const module: { exports: Record<string, unknown> } = { exports: {} };
  const require = (name: string): unknown => {
    if (name === 'obsidian') return obsidian;
    // Obsidian gives plugins its own CodeMirror (Live Preview extensions import it).
    if (name === '@codemirror/state') return codemirrorState;
    if (name === '@codemirror/view') return codemirrorView;
    throw new Error(`main.js required ${name}`);
  };
  performance.mark('compile-start');
  // An inline script runs as soon as it is appended: parsing and compiling main.js.
  const script = document.createElement('script');
  script.textContent =
    loader === 'obsidian'
      ? // Obsidian's wrapper, parenthesised as in its window.eval (so V8 compiles it eagerly).
        `window.glassboxMainJs = (function anonymous(require,module,exports){${code}\n})\n//# sourceURL=plugin:glassbox\n`
      : `window.glassboxMainJs = function (require, module, exports) {\n${code}\n};`;
  document.head.appendChild(script);
  const run = window.glassboxMainJs!;
  performance.mark('evaluate-start');
  run(require, module, module.exports);
  performance.mark('evaluate-end');
  const PluginClass = (module.exports.default ?? module.exports) as Evaluated['PluginClass'];
  const compileMs = performance.measure('compile', 'compile-start', 'evaluate-start').duration;
  const evaluateMs = performance.measure('evaluate', 'evaluate-start', 'evaluate-end').duration;
  evaluated = { app, PluginClass, compileMs, evaluateMs };
}

/** Runs the evaluated plugin's `onload` through the host (the layout is not ready yet). */
async function load(): Promise<StartupRun> {
  const { app, PluginClass, compileMs, evaluateMs } = evaluated!;
  let taskEnded = false;
  setTimeout(() => (taskEnded = true), 0);
  performance.mark('onload-start');
  await app.loadPlugin(PluginClass, { id: 'glassbox', name: 'Glassbox', version: '0.0.0', minAppVersion: '1.5.0', author: '', description: '' });
  performance.mark('onload-end');
  const onloadInOneTask = !taskEnded;
  const onloadMs = performance.measure('onload', 'onload-start', 'onload-end').duration;
  return { compileMs, evaluateMs, onloadMs, onloadInOneTask };
}

/**
 * Loads main.js as Obsidian does, in Obsidian's `language`, on a device whose local storage holds
 * `device` (what the last launch kept: a language's unpacked strings); returns the times and what
 * the device's storage holds afterwards.
 */
async function loadPlugin(code: string, files: Record<string, string>, loader: StartupLoader = 'obsidian', language = 'en', device: Record<string, string> = {}): Promise<StartupRun & { readonly device: Record<string, string> }> {
  obsidian.setFakeLanguage(language);
  evaluate(code, files, loader, device);
  const run = await load();
  evaluated!.app.workspace.setLayoutReady();
  return { ...run, device };
}

declare global {
  interface Window {
    startupBench?: { loadPlugin: typeof loadPlugin; evaluate: typeof evaluate; load: typeof load };
    glassboxMainJs?: (require: (name: string) => unknown, module: { exports: Record<string, unknown> }, exports: Record<string, unknown>) => void;
  }
}

window.startupBench = { loadPlugin, evaluate, load };

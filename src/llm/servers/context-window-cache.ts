import type { ContextWindow } from './context-window';
import { type DiscoverContextWindowOptions, type DiscoveredContextWindow, discoverContextWindow } from './discover-context-window';

/**
 * One discovery per endpoint and model: the first question asks the server, later ones reuse
 * the answer (a pending one included). `forget` drops an entry, e.g. when the settings change or
 * the server proved smaller than it said.
 */
export class ContextWindowCache {
  private readonly windows = new Map<string, Promise<DiscoveredContextWindow>>();

  constructor(private readonly discover: (options: DiscoverContextWindowOptions) => Promise<DiscoveredContextWindow> = discoverContextWindow) {}

  /** The setting when there is one (source "setting"), else the server's answer, asked once. */
  get(options: DiscoverContextWindowOptions & { readonly setting?: number }): Promise<ContextWindow> {
    if (options.setting !== undefined && options.setting > 0) return Promise.resolve({ tokens: options.setting, source: 'setting' });
    const key = keyOf(options.baseUrl, options.model);
    let window = this.windows.get(key);
    if (window === undefined) {
      window = this.discover(options);
      this.windows.set(key, window);
    }
    return window;
  }

  forget(baseUrl: string, model: string): void {
    this.windows.delete(keyOf(baseUrl, model));
  }
}

function keyOf(baseUrl: string, model: string): string {
  return `${baseUrl.trim().replace(/\/+$/, '')}\u0000${model}`;
}

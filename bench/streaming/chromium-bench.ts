import type { BenchFlags } from './run-streaming-bench';
import type { StreamingRow } from './report';

/** Debian's Chromium (override with GLASSBOX_CHROMIUM). */
export const CHROMIUM_PATH = process.env.GLASSBOX_CHROMIUM ?? '/usr/bin/chromium';

/** The Chromium half of the benchmark (filled in below). */
export function runChromium(flags: BenchFlags): Promise<StreamingRow[]> {
  void flags;
  return Promise.resolve([]);
}

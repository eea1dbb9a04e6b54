/**
 * A step's duration for the trace's details (a tool call, a model turn): finer than the block's
 * header (`formatDuration`), since steps are short: "40 ms", "1.2 s", "75 s".
 */
export function formatStepDuration(ms: number): string {
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  if (safe < 1000) return `${Math.round(safe)} ms`;
  if (safe < 10_000) return `${(safe / 1000).toFixed(1)} s`;
  return `${Math.round(safe / 1000)} s`;
}

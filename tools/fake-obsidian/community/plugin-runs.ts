/**
 * Fake-only: what the stand-ins for other plugins (Dataview, Templater) ran, in order, so a test
 * can assert that model text ran nothing and that a user's own note did (the trap is real).
 */
export interface FakePluginRun {
  /** Which processor fired. */
  readonly kind: 'dataviewjs-block' | 'dataview-inline-js' | 'dataview-inline-query' | 'dataview-live-preview' | 'templater-dynamic' | 'templater-on-create';
  /** The note or view it ran in (the post-processor's `sourcePath`, the created file's path). */
  readonly sourcePath: string;
  /** The code it would have run. */
  readonly code: string;
}

/** Every run since the last {@link clearPluginRuns}. */
export const pluginRuns: FakePluginRun[] = [];

/** Forgets the recorded runs. */
export function clearPluginRuns(): void {
  pluginRuns.length = 0;
}

/** Records a run; also marks `el`, when given, with `data-fake-plugin-ran` as the real plugin would replace it with output. */
export function recordPluginRun(run: FakePluginRun, el?: HTMLElement): void {
  pluginRuns.push(run);
  el?.setAttribute('data-fake-plugin-ran', run.kind);
}

import { TFile } from '../files';
import { Plugin } from '../plugin';
import { recordPluginRun } from './plugin-runs';

/** Templater's command tags (SilentVoid13/Templater `src/utils/Utils.ts`). */
const COMMAND = /<%(?:-|_)?\s*[*~]{0,1}((?:.|\s)*?)(?:-|_)?%>/g;
const DYNAMIC_COMMAND = /(<%(?:-|_)?\s*[*~]{0,1})\+((?:.|\s)*?%>)/g;
/** Templater skips parsing a created file over this size. */
const SIZE_LIMIT = 100_000;

/**
 * Fake-only: Templater as far as it runs commands in notes it did not create from a template,
 * registered the way SilentVoid13/Templater registers it (`src/core/Templater.ts`,
 * `src/handlers/EventHandler.ts`), with "Trigger Templater on new file creation" on:
 * - a Markdown post-processor that walks every text node of the rendered element (code included)
 *   and runs dynamic commands `<%+ … %>` when a note exists at the context's `sourcePath`, which
 *   is why a plugin view rendering Markdown with a note as `sourcePath` is exposed too;
 * - once the layout is ready, a vault `create` handler that reads the new `.md` file a moment
 *   later (Templater waits 300 ms; the fake waits one timer turn) and, if it holds at most 100,000
 *   characters, runs every command `<% … %>` in it, `<%* … %>` included, wherever it is in the text.
 * Each run is recorded in `pluginRuns` instead of being executed; `settled()` waits for the
 * created files' runs.
 */
export class FakeTemplaterPlugin extends Plugin {
  private pending: Promise<void>[] = [];

  override onload(): void {
    this.registerMarkdownPostProcessor((el, ctx) => {
      if (this.app.vault.getFileByPath(ctx.sourcePath) === null) return;
      const walker = el.ownerDocument.createNodeIterator(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        for (const match of (node.nodeValue ?? '').matchAll(DYNAMIC_COMMAND)) {
          recordPluginRun({ kind: 'templater-dynamic', sourcePath: ctx.sourcePath, code: match[0] }, node.parentElement ?? undefined);
        }
      }
    });
    this.app.workspace.onLayoutReady(() => {
      this.registerEvent(this.app.vault.on('create', (file: unknown) => {
        if (!(file instanceof TFile) || file.extension !== 'md') return;
        this.pending.push(new Promise<void>((resolve) => globalThis.setTimeout(resolve, 0)).then(() => this.runCommands(file)));
      }));
    });
  }

  /** Fake-only: waits until every created file seen so far has been parsed. */
  async settled(): Promise<void> {
    while (this.pending.length > 0) await Promise.all(this.pending.splice(0));
  }

  private async runCommands(file: TFile): Promise<void> {
    if (this.app.vault.getFileByPath(file.path) === null) return;
    const text = await this.app.vault.read(file);
    if (text.length > SIZE_LIMIT) return;
    for (const match of text.matchAll(COMMAND)) recordPluginRun({ kind: 'templater-on-create', sourcePath: file.path, code: match[0] });
  }
}

import { ViewPlugin, type EditorView, type ViewUpdate } from '@codemirror/view';
import { Plugin } from '../plugin';
import { recordPluginRun } from './plugin-runs';

/** Dataview's settings that decide what runs (its defaults, except JavaScript, which a user turns on). */
export interface FakeDataviewSettings {
  readonly inlineQueryPrefix: string;
  readonly inlineJsQueryPrefix: string;
  readonly inlineQueriesInCodeblocks: boolean;
}

const SETTINGS: FakeDataviewSettings = { inlineQueryPrefix: '=', inlineJsQueryPrefix: '$=', inlineQueriesInCodeblocks: true };

/**
 * Fake-only: Dataview as far as it runs code found in rendered Markdown, registered the way
 * blacksmithgu/obsidian-dataview's `src/main.ts` registers it (with "Enable JavaScript queries"
 * and "Enable inline JavaScript queries" on):
 * - a code-block processor for `dataviewjs` (sortOrder -100), which runs the block's source;
 * - a Markdown post-processor (sortOrder -100) that looks at every `code` element of the rendered
 *   element (`pre > code` too, as `inlineQueriesInCodeblocks` is on by default), trims its text and
 *   runs it when it starts with `$=` (JavaScript) or `=` (a query);
 * - an editor extension for Live Preview that runs inline code starting with `$=` or `=` (its
 *   `src/ui/lp-render.ts` tests the code's text with `startsWith`, untrimmed); Obsidian's Live
 *   Preview also hands a `dataviewjs` block to the code-block processor, which the extension
 *   records here too.
 * Each run is recorded in `pluginRuns` instead of being executed.
 */
export class FakeDataviewPlugin extends Plugin {
  override onload(): void {
    const blockProcessor = this.registerMarkdownCodeBlockProcessor('dataviewjs', (source, el, ctx) => {
      recordPluginRun({ kind: 'dataviewjs-block', sourcePath: ctx.sourcePath, code: source }, el);
    });
    blockProcessor.sortOrder = -100;
    const inline = this.registerMarkdownPostProcessor((el, ctx) => {
      for (const code of [...el.querySelectorAll('code')]) {
        if (code.parentElement?.nodeName.toLowerCase() === 'pre' && !SETTINGS.inlineQueriesInCodeblocks) continue;
        const text = (code.textContent ?? '').trim();
        if (text.startsWith(SETTINGS.inlineJsQueryPrefix)) recordPluginRun({ kind: 'dataview-inline-js', sourcePath: ctx.sourcePath, code: text }, code);
        else if (text.startsWith(SETTINGS.inlineQueryPrefix)) recordPluginRun({ kind: 'dataview-inline-query', sourcePath: ctx.sourcePath, code: text }, code);
      }
    });
    inline.sortOrder = -100;
    this.registerEditorExtension(ViewPlugin.fromClass(class {
      constructor(view: EditorView) {
        runLivePreviewQueries(view.state.doc.toString());
      }

      update(update: ViewUpdate): void {
        if (update.docChanged) runLivePreviewQueries(update.state.doc.toString());
      }
    }));
  }
}

/**
 * Inline code spans (a backtick run, text, the same run) and fenced `dataviewjs` blocks in the
 * editor's text, outside HTML comments (the Markdown syntax tree has no inline code in a comment).
 */
function runLivePreviewQueries(text: string): void {
  const doc = text.replace(/<!--[\s\S]*?(?:-->|$)/g, (comment) => ' '.repeat(comment.length));
  for (const match of doc.matchAll(/(?<!`)(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g)) {
    const text = match[2];
    if (text.startsWith(SETTINGS.inlineJsQueryPrefix) || text.startsWith(SETTINGS.inlineQueryPrefix)) recordPluginRun({ kind: 'dataview-live-preview', sourcePath: '', code: text });
  }
  for (const match of doc.matchAll(/^[ \t>]*(`{3,}|~{3,})[ \t]*dataviewjs[ \t]*\n([\s\S]*?)^[ \t>]*\1/gm)) {
    recordPluginRun({ kind: 'dataview-live-preview', sourcePath: '', code: match[2] });
  }
}

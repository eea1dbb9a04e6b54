import type { App } from './app';
import { Component } from './component';
import { renderMarkdownInto } from './markdown-dom';

/** What a post-processor gets besides the element, as Obsidian's `MarkdownPostProcessorContext`. */
export interface FakePostProcessorContext {
  docId: string;
  sourcePath: string;
  frontmatter: unknown;
  addChild(child: MarkdownRenderChild): void;
  getSectionInfo(el: HTMLElement): null;
}

/** A reading-view post-processor, as Obsidian's `MarkdownPostProcessor`. */
export interface FakeMarkdownPostProcessor {
  (el: HTMLElement, ctx: FakePostProcessorContext): Promise<unknown> | void;
  sortOrder?: number;
}

/** A fenced-code-block handler, as given to Obsidian's `registerMarkdownCodeBlockProcessor`. */
export type FakeCodeBlockProcessor = (source: string, el: HTMLElement, ctx: FakePostProcessorContext) => Promise<unknown> | void;

/** Obsidian's `MarkdownRenderChild`: a component tied to a rendered element. */
export class MarkdownRenderChild extends Component {
  /** The element it manages. */
  containerEl: HTMLElement;

  constructor(containerEl: HTMLElement) {
    super();
    this.containerEl = containerEl;
  }
}

let nextDocId = 1;

/**
 * Obsidian's `MarkdownRenderer`: `render` appends the rendered Markdown to `el` (real HTML for
 * headings, lists, code, links, wikilinks; raw HTML stays text), hands each fenced block whose
 * language has a registered code-block processor to that processor (in place of its `pre`, as
 * Obsidian does for any Markdown it renders, plugin views included), then runs the registered
 * post-processors; their children are attached to `component`.
 */
export abstract class MarkdownRenderer extends MarkdownRenderChild {
  /** Renders Markdown into `el`. */
  static async render(app: App, markdown: string, el: HTMLElement, sourcePath: string, component: Component): Promise<void> {
    const target = el.ownerDocument.createElement('div');
    renderMarkdownInto(markdown, target, { rawHtml: app.rendersRawHtml });
    const context: FakePostProcessorContext = {
      docId: `fake-doc-${nextDocId++}`,
      sourcePath,
      frontmatter: null,
      addChild: (child) => component.addChild(child),
      getSectionInfo: () => null,
    };
    await runCodeBlockProcessors(app, target, context);
    const processors = [...app.markdownPostProcessors].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));
    for (const processor of processors) await processor(target, context);
    while (target.firstChild) el.appendChild(target.firstChild);
  }

  /** The older form of `render`, without the app. */
  static renderMarkdown(markdown: string, el: HTMLElement, sourcePath: string, component: Component): Promise<void> {
    void sourcePath;
    void component;
    renderMarkdownInto(markdown, el);
    return Promise.resolve();
  }
}

/**
 * Hands each fenced block under `el` whose language has a registered code-block processor to that
 * processor, in place of its `pre` (a `div.block-language-<lang>`), as Obsidian does in reading
 * view and in `MarkdownRenderer.render`.
 */
export async function runCodeBlockProcessors(app: App, el: HTMLElement, context: FakePostProcessorContext): Promise<void> {
  for (const code of [...el.querySelectorAll<HTMLElement>('pre > code[class^="language-"]')]) {
    const language = code.className.slice('language-'.length);
    const handler = app.markdownCodeBlockProcessors.get(language);
    const pre = code.parentElement;
    if (handler === undefined || pre === null) continue;
    const block = el.ownerDocument.createElement('div');
    block.className = `block-language-${language}`;
    pre.replaceWith(block);
    await handler(code.textContent ?? '', block, context);
  }
}

import MarkdownIt from 'markdown-it';
import type { App } from './app';
import { Component } from './component';
import { renderMarkdownInto } from './markdown-dom';
import { runCodeBlockProcessors, type FakePostProcessorContext, type MarkdownRenderChild } from './markdown-renderer';

/** Lines of one rendered section, 0-based and inclusive, as Obsidian's `MarkdownSectionInformation`. */
interface FakeSection {
  readonly lineStart: number;
  readonly lineEnd: number;
  readonly source: string;
  el: HTMLElement;
  component: Component;
}

/** Options of {@link renderReadingView}. */
export interface FakeReadingViewOptions {
  readonly path: string;
  /** Where the view's sections go. */
  readonly el: HTMLElement;
  /**
   * Whether `ctx.getSectionInfo` answers (a note's own reading view) or gives null (embeds such
   * as `![[conversation]]`, hover previews, some re-renders). Default true.
   */
  readonly sectionInfo?: boolean;
}

/** A reading view on screen: `rerender()` after the note changed, `close()` to unload it. */
export interface FakeReadingView {
  /** Re-reads the note and re-renders only the sections whose text changed. */
  rerender(): Promise<void>;
  /** How many times the post-processors ran, per call. */
  readonly processorCalls: number;
  close(): void;
}

const splitter = new MarkdownIt({ html: true });

/**
 * Fake-only: a note's reading view as Obsidian renders it. The note is cut into sections (the
 * frontmatter, then each top-level block: heading, paragraph, list, quote, code, comment...),
 * each rendered into its own element; the registered post-processors run once per section with
 * that element, and `getSectionInfo(el)` gives the whole note's text and the section's lines
 * (or null, see `sectionInfo`). On `rerender` a section whose text is unchanged keeps its
 * element, its children and its post-processed DOM; only changed sections are rendered again,
 * and the replaced ones are unloaded.
 */
export async function renderReadingView(app: App, options: FakeReadingViewOptions): Promise<FakeReadingView> {
  const docId = `fake-reading-${Math.random().toString(16).slice(2)}`;
  let sections: FakeSection[] = [];
  let text = '';
  let calls = 0;
  const read = (): string => app.vault.readNow(options.path) ?? '';

  const renderSection = async (section: Omit<FakeSection, 'el' | 'component'>): Promise<FakeSection> => {
    const el = options.el.ownerDocument.createElement('div');
    el.className = 'markdown-preview-section-block';
    renderMarkdownInto(section.source, el, { rawHtml: app.rendersRawHtml });
    const component = new Component();
    component.load();
    const current = { ...section, el, component };
    const context: FakePostProcessorContext = {
      docId,
      sourcePath: options.path,
      frontmatter: null,
      addChild: (child: MarkdownRenderChild) => component.addChild(child),
      getSectionInfo: ((target: HTMLElement) => {
        if (options.sectionInfo === false || !current.el.contains(target)) return null;
        return { text, lineStart: current.lineStart, lineEnd: current.lineEnd };
      }) as never,
    };
    await runCodeBlockProcessors(app, el, context);
    for (const processor of [...app.markdownPostProcessors].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0))) {
      calls += 1;
      await processor(el, context);
    }
    return current;
  };

  const render = async (): Promise<void> => {
    text = read();
    const next = splitSections(text);
    const kept = new Map<string, FakeSection[]>();
    for (const section of sections) kept.set(section.source, [...(kept.get(section.source) ?? []), section]);
    const rendered: FakeSection[] = [];
    for (const section of next) {
      const reused = kept.get(section.source)?.shift();
      if (reused !== undefined) {
        // Unchanged text: the same element stays; only its line numbers move.
        Object.assign(reused, { lineStart: section.lineStart, lineEnd: section.lineEnd });
        rendered.push(reused);
      } else {
        rendered.push(await renderSection(section));
      }
    }
    for (const left of kept.values()) {
      for (const section of left) {
        section.component.unload();
        section.el.remove();
      }
    }
    sections = rendered;
    options.el.replaceChildren(...sections.map((section) => section.el));
  };

  await render();
  return {
    rerender: render,
    get processorCalls() {
      return calls;
    },
    close() {
      for (const section of sections) section.component.unload();
      sections = [];
      options.el.replaceChildren();
    },
  };
}

/** The note's sections: frontmatter, then one per top-level Markdown block. */
function splitSections(text: string): Omit<FakeSection, 'el' | 'component'>[] {
  // Lines as markdown-it counts them (a lone `\r` ends one, as in CommonMark), so its maps cut the sections where it parsed them.
  const lines = text.split(/\r\n|\r|\n/);
  const sections: Omit<FakeSection, 'el' | 'component'>[] = [];
  let offset = 0;
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    if (end > 0) {
      offset = end + 1;
      // Obsidian shows frontmatter as properties, not as Markdown.
      sections.push({ lineStart: 0, lineEnd: end, source: '' });
    }
  }
  const body = lines.slice(offset).join('\n');
  for (const token of splitter.parse(body, {})) {
    if (token.level !== 0 || token.nesting === -1 || token.map === null) continue;
    const [start, end] = token.map;
    sections.push({ lineStart: start + offset, lineEnd: end - 1 + offset, source: lines.slice(start + offset, end + offset).join('\n') });
  }
  return sections;
}

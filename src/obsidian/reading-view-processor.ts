import { MarkdownRenderChild, type MarkdownPostProcessorContext, type Vault } from 'obsidian';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { classifyLine, findAssistantHeaders, type AssistantHeaderAnchor } from '../conversation';
import { AgentReasoningBlock } from '../ui/reasoning/AgentReasoningBlock';
import type { ReasoningDisplayOptions } from '../ui/reasoning/display-options';

/** Options of {@link createReadingViewProcessor}. */
export interface ReadingViewProcessorOptions {
  /** Read when a host gives no section information (embeds, hover previews, the fake host). */
  readonly vault: Vault;
  /** The user's display settings, read each time a note is rendered. */
  readonly displayOptions: () => ReasoningDisplayOptions;
}

/** The reading-view post-processor: the function to pass to `registerMarkdownPostProcessor`. */
export type ReadingViewProcessor = (el: HTMLElement, ctx: MarkdownPostProcessorContext) => Promise<void>;

/**
 * Renders the "Thought for" block of each assistant message of a saved conversation note in
 * reading view (DESIGN.md 6), with the chat view's own `AgentReasoningBlock`: collapsed, no
 * animation, expandable. The block goes right under the message's `### 🤖 Glassbox` header.
 *
 * Headers are matched to the note's source, not guessed from the page: with section information
 * (Obsidian renders a note section by section) the header's line must be a message header of the
 * parsed note; without it (the whole note at once) the top-level headers must pair one to one
 * with the note's assistant messages, or nothing is mounted. A header-looking line inside a
 * message is escaped in the note, and one inside a quote or list is not top-level, so neither
 * ever gets a block. Every root is unmounted when Obsidian unloads the rendered section.
 */
export function createReadingViewProcessor(options: ReadingViewProcessorOptions): ReadingViewProcessor {
  // Obsidian calls the processor once per section with the same source; parse it once.
  let cache: { text: string; anchors: AssistantHeaderAnchor[] } | null = null;
  const anchorsOf = (text: string): AssistantHeaderAnchor[] => {
    if (cache === null || cache.text !== text) cache = { text, anchors: findAssistantHeaders(text) };
    return cache.anchors;
  };
  return async (el, ctx) => {
    const headings = assistantHeadings(el);
    if (headings.length === 0) return;
    const pairs: [HTMLElement, AssistantHeaderAnchor][] = [];
    const info = ctx.getSectionInfo(el);
    if (info !== null) {
      const anchors = anchorsOf(info.text).filter((anchor) => anchor.headerLine >= info.lineStart && anchor.headerLine <= info.lineEnd);
      if (anchors.length !== headings.length) return;
      headings.forEach((heading, index) => pairs.push([heading, anchors[index]]));
    } else {
      const file = options.vault.getFileByPath(ctx.sourcePath);
      if (file === null) return;
      const anchors = anchorsOf(await options.vault.cachedRead(file));
      if (anchors.length !== headings.length) return;
      headings.forEach((heading, index) => pairs.push([heading, anchors[index]]));
      hideMarkerParagraphs(el);
    }
    const display = options.displayOptions();
    for (const [heading, anchor] of pairs) {
      if (anchor.payload === null && !anchor.reasoningError) continue;
      const container = el.createDiv({ cls: 'glassbox-reading-reasoning' });
      heading.after(container);
      ctx.addChild(new ReasoningBlockChild(container, anchor, display));
    }
  };
}

/** One mounted block; Obsidian unloads it with the rendered section. */
class ReasoningBlockChild extends MarkdownRenderChild {
  private root: Root | null = null;

  constructor(
    containerEl: HTMLElement,
    private readonly anchor: AssistantHeaderAnchor,
    private readonly display: ReasoningDisplayOptions,
  ) {
    super(containerEl);
  }

  override onload(): void {
    this.root = createRoot(this.containerEl);
    this.root.render(
      createElement(AgentReasoningBlock, {
        payload: this.anchor.payload,
        reasoningError: this.anchor.reasoningError,
        live: false,
        displayMode: this.display.mode,
        showReasoningText: this.display.showReasoningText,
        showToolOutput: this.display.showToolOutput,
      }),
    );
  }

  override onunload(): void {
    this.root?.unmount();
    this.root = null;
  }
}

/** Top-level headings that are assistant role headers, in document order. */
function assistantHeadings(el: HTMLElement): HTMLElement[] {
  const headings: HTMLElement[] = [];
  for (const child of Array.from(el.children)) {
    const match = /^H([1-6])$/.exec(child.tagName);
    if (match === null) continue;
    const line = classifyLine(`${'#'.repeat(Number(match[1]))} ${(child.textContent ?? '').trim()}`);
    if (line.type === 'header' && line.role === 'assistant') headings.push(child as HTMLElement);
  }
  return headings;
}

const HIDDEN_COMMENT_PREFIXES = ['<!--REASONING_BLOCK:', '<!--GLASSBOX_MESSAGE:'];

/**
 * Obsidian hides HTML comments in reading view; a renderer that shows raw HTML as text (the
 * fake host, a plain Markdown preview) would print the markers. Paragraphs that are nothing but
 * one of our markers are hidden so both look the same. Only in a note whose headers matched.
 */
function hideMarkerParagraphs(el: HTMLElement): void {
  for (const child of Array.from(el.children)) {
    if (child.tagName !== 'P') continue;
    const text = (child.textContent ?? '').trim();
    if (text.endsWith('-->') && HIDDEN_COMMENT_PREFIXES.some((prefix) => text.startsWith(prefix))) (child as HTMLElement).hidden = true;
  }
}

import { MarkdownRenderChild, type MarkdownPostProcessorContext, type Vault } from 'obsidian';
import { classifyLine, findAssistantHeaders, type AssistantHeaderAnchor } from '../../conversation';
import { copyWithoutZeroWidth } from '../../ui/copy-without-zero-width';
import type { HostServices } from '../../ui/host-services';
import type { MessageRenderer } from '../../ui/message/message-renderer';
import { RootRegistry } from '../../ui/message/root-registry';
import type { ReasoningDisplayOptions } from '../../ui/reasoning/display-options';
import { t } from '../../i18n';

/** Options of {@link createReadingViewProcessor}. */
export interface ReadingViewProcessorOptions {
  /** Read when a host gives no section information (embeds, hover previews, the fake host). */
  readonly vault: Vault;
  /** Renders the answers' Markdown and opens their links, as in the chat view. */
  readonly host: HostServices;
  /** The user's display settings, read each time a note is rendered. */
  readonly displayOptions: () => ReasoningDisplayOptions;
  /** Opens the note in the chat view: the "Open in chat" button above its first message. */
  readonly openInChat?: (notePath: string) => void;
}

/** The reading-view post-processor: the function to pass to `registerMarkdownPostProcessor`. */
export type ReadingViewProcessor = (el: HTMLElement, ctx: MarkdownPostProcessorContext) => Promise<void>;

/**
 * Renders each assistant message of a saved conversation note in reading view (DESIGN.md 6)
 * with the chat view's own {@link MessageRenderer}: its "Thought for" block (collapsed, no
 * animation, expandable), legacy tool-call banners, think sections and the answer look as they
 * do in the chat. The message goes right under its `### 🤖 Glassbox` header, and what Obsidian
 * rendered of the message's lines is hidden.
 *
 * Headers are matched to the note's source, not guessed from the page: with section information
 * (Obsidian renders a note section by section) the header's line must be a message header of the
 * parsed note; without it (the whole note at once) the top-level headers must pair one to one
 * with the note's assistant messages, or nothing is mounted. A header-looking line inside a
 * message is escaped in the note, and one inside a quote or list is not top-level, so neither
 * ever gets a block. Every root is unmounted when Obsidian unloads the rendered section.
 * Obsidian re-renders only the sections that changed: when a section inside a message is
 * rendered again, the block under that message's (unchanged) header is updated from the note's
 * new text. Rendered one section at a time with no section information (an embed, a hover
 * preview), a section cannot tell which message it belongs to (the markers are comments, gone
 * from the DOM), so no block is mounted and the answers read as plain Markdown.
 */
export function createReadingViewProcessor(options: ReadingViewProcessorOptions): ReadingViewProcessor {
  // Obsidian calls the processor once per section with the same source; parse it once.
  let cache: { text: string; anchors: AssistantHeaderAnchor[]; firstHeader: number } | null = null;
  const parsedNote = (text: string): { anchors: AssistantHeaderAnchor[]; firstHeader: number } => {
    if (cache === null || cache.text !== text) cache = { text, anchors: findAssistantHeaders(text), firstHeader: firstHeaderLine(text) };
    return cache;
  };
  const anchorsOf = (text: string): AssistantHeaderAnchor[] => parsedNote(text).anchors;
  const addOpenButton = (heading: HTMLElement, sourcePath: string): void => {
    const open = options.openInChat;
    if (open === undefined || heading.previousElementSibling?.classList.contains('glassbox-open-in-chat') === true) return;
    const button = createEl('button', { cls: 'glassbox-open-in-chat', text: t('notice.openInChat'), attr: { type: 'button', 'data-testid': 'open-in-chat' } });
    button.addEventListener('click', () => open(sourcePath));
    heading.before(button);
  };
  // The message mounted under each header, by view and message number: Obsidian re-renders only
  // the sections that changed, so an edited message body must reach the block under its
  // (unchanged, not re-rendered) header.
  const mounted = new Map<string, RenderedMessageChild>();
  const keyOf = (ctx: MarkdownPostProcessorContext, anchors: readonly AssistantHeaderAnchor[], anchor: AssistantHeaderAnchor): string => `${ctx.docId}\n${anchors.indexOf(anchor)}`;
  const mount = async (el: HTMLElement, ctx: MarkdownPostProcessorContext, pairs: readonly (readonly [HTMLElement, AssistantHeaderAnchor, string | null])[]): Promise<void> => {
    const Renderer = await messageRenderer();
    const display = options.displayOptions();
    for (const [heading, anchor, key] of pairs) {
      const child = new RenderedMessageChild(el, { heading, anchor, display, host: options.host, sourcePath: ctx.sourcePath, Renderer });
      if (key !== null) {
        mounted.set(key, child);
        child.register(() => {
          if (mounted.get(key) === child) mounted.delete(key);
        });
      }
      ctx.addChild(child);
    }
  };
  // A copy from a conversation note's text carries no zero-width space of the neutraliser's.
  const copying = new WeakSet<HTMLElement>();
  const copyExactly = (el: HTMLElement): void => {
    if (copying.has(el)) return;
    copying.add(el);
    copyWithoutZeroWidth(el);
  };
  return async (el, ctx) => {
    const info = ctx.getSectionInfo(el);
    if (info !== null) {
      const anchors = anchorsOf(info.text);
      if (anchors.length > 0) copyExactly(el);
      // A section inside an assistant message: the renderer under its header shows it, brought
      // up to date, since this section is rendered again only because the message changed.
      const owner = anchors.find((anchor) => anchor.headerLine < info.lineStart && info.lineStart < anchor.endLine);
      if (owner !== undefined) {
        hideChildren(el, () => true);
        mounted.get(keyOf(ctx, anchors, owner))?.show(owner.content, options.displayOptions());
        return;
      }
      const roles = roleHeadings(el);
      // The button goes above the note's first message: the section holding its first header.
      if (roles.length > 0 && anchors.length > 0 && parsedNote(info.text).firstHeader >= info.lineStart) addOpenButton(roles[0].el, ctx.sourcePath);
      const headings = roles.filter((heading) => heading.role === 'assistant');
      const inSection = anchors.filter((anchor) => anchor.headerLine >= info.lineStart && anchor.headerLine <= info.lineEnd);
      if (headings.length === 0 || inSection.length !== headings.length) return;
      await mount(el, ctx, headings.map((heading, index) => [heading.el, inSection[index], keyOf(ctx, anchors, inSection[index])] as const));
      return;
    }
    const headings = roleHeadings(el);
    const assistant = headings.filter((heading) => heading.role === 'assistant');
    if (assistant.length === 0) return;
    const file = options.vault.getFileByPath(ctx.sourcePath);
    if (file === null) return;
    const anchors = anchorsOf(await options.vault.cachedRead(file));
    if (anchors.length !== assistant.length) return;
    copyExactly(el);
    hideMessageBodies(headings);
    hideChildren(el, isMarkerParagraph);
    addOpenButton(headings[0].el, ctx.sourcePath);
    await mount(el, ctx, assistant.map((heading, index) => [heading.el, anchors[index], null] as const));
  };
}

let rendererModule: Promise<typeof MessageRenderer> | null = null;

/**
 * The chat's message renderer (React and the UI's blocks), loaded with `import()` when a note
 * first has a message to show, not when Obsidian loads the plugin nor for a note that is not a
 * conversation (DESIGN.md 13.7).
 */
function messageRenderer(): Promise<typeof MessageRenderer> {
  rendererModule ??= import('../../ui/message/message-renderer').then((module) => module.MessageRenderer);
  return rendererModule;
}

/** One message rendered under its header; Obsidian unloads it with the rendered section. */
class RenderedMessageChild extends MarkdownRenderChild {
  private readonly roots = new RootRegistry();
  private renderer: MessageRenderer | null = null;

  constructor(
    containerEl: HTMLElement,
    private readonly message: { readonly heading: HTMLElement; readonly anchor: AssistantHeaderAnchor; readonly display: ReasoningDisplayOptions; readonly host: HostServices; readonly sourcePath: string; readonly Renderer: typeof MessageRenderer },
  ) {
    super(containerEl);
  }

  override onload(): void {
    const { heading, anchor, display, host, sourcePath, Renderer } = this.message;
    this.renderer = new Renderer({ container: this.containerEl, after: heading, host, roots: this.roots, sourcePath });
    this.show(anchor.content, display);
  }

  /** Shows the message's current content (the renderer redraws only what changed). */
  show(content: string, display: ReasoningDisplayOptions): void {
    this.renderer?.update({ content, live: false, display });
  }

  override onunload(): void {
    this.renderer?.destroy();
    this.renderer = null;
    // Unmount now, not in a microtask: the section is going away.
    this.roots.unmountAll();
  }
}

/** The 0-based line of the note's first role header (-1 when none); lines before it are the properties and the preamble. */
function firstHeaderLine(text: string): number {
  let start = 0;
  for (let line = 0; start <= text.length; line += 1) {
    const end = text.indexOf('\n', start);
    if (classifyLine(text.slice(start, end < 0 ? text.length : end)).type === 'header') return line;
    if (end < 0) break;
    start = end + 1;
  }
  return -1;
}

interface RoleHeading {
  readonly el: HTMLElement;
  readonly role: 'user' | 'assistant';
}

/** Top-level headings that are role headers, in document order. */
function roleHeadings(el: HTMLElement): RoleHeading[] {
  const headings: RoleHeading[] = [];
  for (const child of Array.from(el.children)) {
    const match = /^H([1-6])$/.exec(child.tagName);
    if (match === null) continue;
    const line = classifyLine(`${'#'.repeat(Number(match[1]))} ${(child.textContent ?? '').trim()}`);
    if (line.type === 'header') headings.push({ el: child as HTMLElement, role: line.role });
  }
  return headings;
}

/** Hides what Obsidian rendered of each assistant message: everything up to the next role header. */
function hideMessageBodies(headings: readonly RoleHeading[]): void {
  headings.forEach((heading, index) => {
    if (heading.role !== 'assistant') return;
    const next = headings[index + 1]?.el ?? null;
    for (let sibling = heading.el.nextElementSibling; sibling !== null && sibling !== next; sibling = sibling.nextElementSibling) {
      (sibling as HTMLElement).hidden = true;
    }
  });
}

function hideChildren(parent: HTMLElement, which: (child: HTMLElement) => boolean): void {
  for (const child of Array.from(parent.children)) if (which(child as HTMLElement)) (child as HTMLElement).hidden = true;
}

const HIDDEN_COMMENT_PREFIXES = ['<!--REASONING_BLOCK:', '<!--GLASSBOX_MESSAGE:'];

/**
 * Obsidian hides HTML comments in reading view; a renderer that shows raw HTML as text (the
 * fake host, a plain Markdown preview) would print the markers. Paragraphs that are nothing but
 * one of our markers are hidden so both look the same. Only in a note whose headers matched.
 */
function isMarkerParagraph(child: HTMLElement): boolean {
  if (child.tagName !== 'P') return false;
  const text = (child.textContent ?? '').trim();
  return text.endsWith('-->') && HIDDEN_COMMENT_PREFIXES.some((prefix) => text.startsWith(prefix));
}

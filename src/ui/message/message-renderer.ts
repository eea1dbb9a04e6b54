import { createElement } from 'react';
import type { LiveRun } from '../../agent';
import { parseAnswerBody, parseAssistantContent, type ParsedAssistantContent } from '../../markers';
import type { HostComponent, HostServices } from '../host-services';
import { AgentReasoningBlock, type AgentReasoningBlockProps, reasoningBlockSource } from '../reasoning/AgentReasoningBlock';
import { HostIconContext } from '../reasoning/host-icon';
import type { ReasoningDisplayOptions } from '../reasoning/display-options';
import { ToolCallBanner } from './ToolCallBanner';
import { inertAnswerMarkdown } from './inert-answer-markdown';
import { offerRemoteImages } from './offer-remote-images';
import { type MessagePiece, samePiece, toMessagePieces } from './message-pieces';
import { MarkdownBlockSplitter } from './split-markdown-blocks';
import type { ManagedRoot, RootRegistry } from './root-registry';
import { extendStreamingTail, fillStreamingTail } from './streaming-tail';
import { markAnswerLive } from './live-answer-class';
import { CitationMarks } from './citation-marks';
import { followInternalLinks } from './follow-internal-links';
import { t } from '../../i18n';

/** Collaborators of a {@link MessageRenderer}. */
export interface MessageRendererOptions {
  /** The element the message renders into; the renderer owns the children it adds. */
  readonly container: HTMLElement;
  /** Put the renderer's elements right after this child of `container` instead of at its end (reading view: under the header). */
  readonly after?: Element;
  readonly host: HostServices;
  /** Where the renderer's React roots (reasoning block, banners) are made and counted. */
  readonly roots: Pick<RootRegistry, 'create'>;
  /** The note internal links resolve against (a new chat gets one when it is first saved: {@link MessageRenderer.setSourcePath}). */
  readonly sourcePath: string;
}

/** What one render of an assistant message needs. */
export interface MessageRenderInput {
  /** The message content, marker and answer (a saved message); parsed once per change. */
  readonly content: string;
  /** A live run's steps and answer as values: rendered as they are, `content` unread (DESIGN.md 12.2). */
  readonly run?: LiveRun;
  /** True while this message's run is in progress. */
  readonly live: boolean;
  readonly display: ReasoningDisplayOptions;
}

interface RenderedPiece {
  piece: MessagePiece;
  el: HTMLElement;
  component: HostComponent | null;
  root: ManagedRoot | null;
  /** Shown as the plain-text tail of a live message, not yet as Markdown. */
  streaming: boolean;
}

/**
 * THE renderer of an assistant message, wherever one is shown: the chat view, the reading view
 * of a saved conversation note, and anything else that has an element and the message content
 * (it needs no React tree around it and no Obsidian DOM helpers). Renders a saved message's content
 * (DESIGN.md 2, 10), parsed once per change, or a live run's values (its reasoning state as it is,
 * its answer's body parsed; no marker is read while a run streams). Mounts ONE AgentReasoningBlock root above the answer, a ToolCallBanner root
 * in place of each legacy tool-call marker, think sections folded, and the visible Markdown
 * through the host's renderer block by block. While a message streams, its open last block is
 * plain text that grows by appending (streaming-tail.ts); each block's Markdown renders once, when
 * it closes, so the final DOM is the one a single render of the whole content gives.
 * Roots are created once per placeholder and updated with `render`; `destroy` releases them.
 */
export class MessageRenderer {
  private readonly reasoningSlot: HTMLElement;
  private readonly body: HTMLElement;
  private reasoningRoot: ManagedRoot | null = null;
  private pieces: RenderedPiece[] = [];
  /** What `parsed` was made from: a content string, or a live run's values. */
  private parsedFrom: string | LiveRun | null = null;
  private parsed: ParsedAssistantContent | null = null;
  private reasoningProps: AgentReasoningBlockProps | null = null;
  /** The host's `setIcon`, bound once so the context value stays the same between renders. */
  private readonly drawIcon: ((el: HTMLElement, icon: string) => void) | null;
  /** The live flag the body was last marked with (each frame of a stream would read the class again). */
  private shownLive: boolean | null = null;
  private markdownRenders = 0;
  private destroyed = false;
  private readonly stopFollowingLinks: () => void;
  private sourcePath: string;
  /** One per Markdown segment: a growing answer is split again from its last block only. */
  private readonly splitters: MarkdownBlockSplitter[] = [];
  private readonly split = (markdown: string, ordinal: number): readonly string[] => (this.splitters[ordinal] ??= new MarkdownBlockSplitter()).split(markdown);
  private readonly citationMarks: CitationMarks;

  constructor(private readonly options: MessageRendererOptions) {
    const { host } = options;
    this.sourcePath = options.sourcePath;
    this.drawIcon = host.setIcon === undefined ? null : (el, icon) => host.setIcon?.(el, icon);
    this.reasoningSlot = appendElement(options.container, 'div', 'glassbox-reasoning-slot');
    this.body = appendElement(options.container, 'div', 'glassbox-message-markdown markdown-rendered');
    options.after?.after(this.reasoningSlot, this.body);
    this.citationMarks = new CitationMarks({ body: this.body, host, sourcePath: () => this.sourcePath });
    this.stopFollowingLinks = followInternalLinks(this.body, host, () => this.sourcePath);
  }

  /** How many Markdown blocks were (re-)rendered so far; benchmarks and tests read it. */
  get markdownRenderCount(): number {
    return this.markdownRenders;
  }

  /** Brings the DOM up to date with `input`, touching only what changed. Never throws. */
  update(input: MessageRenderInput): void {
    if (this.destroyed) return;
    const parsed = input.run === undefined ? this.parse(input.content) : this.read(input.run);
    this.updateReasoning(parsed, input);
    // styles.css: a live answer's blocks are never skipped as off screen (the list follows its end).
    if (input.live !== this.shownLive) markAnswerLive(this.body, input.live);
    this.shownLive = input.live;
    this.updatePieces(toMessagePieces(parsed.segments, this.split), input.live);
    this.citationMarks.update(parsed.reasoning);
  }

  /**
   * The note links resolve against from now on: blocks rendered later and links clicked later use
   * it. A new chat gets its note when its first turn is saved; rendering the answer again for that
   * would redo every block's Markdown and lose what the browser remembered of their heights.
   */
  setSourcePath(sourcePath: string): void {
    this.sourcePath = sourcePath;
  }

  /** Unmounts every root and unloads every rendered block. Safe to call twice. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.stopFollowingLinks();
    this.reasoningRoot?.unmount();
    this.reasoningRoot = null;
    for (const rendered of this.pieces) release(rendered);
    this.pieces = [];
  }

  private parse(content: string): ParsedAssistantContent {
    if (this.parsed !== null && content === this.parsedFrom) return this.parsed;
    const parsed = parseAssistantContent(content);
    this.parsed = parsed;
    this.parsedFrom = content;
    return parsed;
  }

  // A live run: the reasoning state is taken as it is (the same object while only the answer grows,
  // so the reasoning root is not rendered again), and only the answer's body is parsed.
  private read(run: LiveRun): ParsedAssistantContent {
    const previous = this.parsedFrom;
    if (this.parsed !== null && run === previous) return this.parsed;
    const sameAnswer = this.parsed !== null && typeof previous === 'object' && previous !== null && previous.answer === run.answer;
    const body = sameAnswer && this.parsed !== null ? this.parsed : parseAnswerBody(run.answer);
    const parsed: ParsedAssistantContent = { reasoning: run.reasoning, reasoningError: false, segments: body.segments, text: body.text, legacyToolCalls: body.legacyToolCalls, thinks: body.thinks };
    this.parsed = parsed;
    this.parsedFrom = run;
    return parsed;
  }

  private updateReasoning(parsed: ParsedAssistantContent, input: MessageRenderInput): void {
    if (parsed.reasoning === null && !parsed.reasoningError) {
      this.reasoningRoot?.unmount();
      this.reasoningRoot = null;
      this.reasoningProps = null;
      return;
    }
    const props: AgentReasoningBlockProps = { ...reasoningBlockSource(parsed), live: input.live, display: input.display };
    if (this.reasoningProps !== null && shallowEqual(this.reasoningProps, props)) return;
    this.reasoningProps = props;
    this.reasoningRoot ??= this.options.roots.create(this.reasoningSlot);
    // The host's icons (Obsidian's Lucide set) for the steps' status marks.
    this.reasoningRoot.render(createElement(HostIconContext.Provider, { value: this.drawIcon }, createElement(AgentReasoningBlock, props)));
  }

  private updatePieces(next: readonly MessagePiece[], live: boolean): void {
    // Only the last piece of a live message is still open; every other block is final.
    const tail = live ? next.length - 1 : -1;
    for (let index = 0; index < next.length; index += 1) {
      const piece = next[index];
      const streaming = index === tail && piece.type === 'markdown';
      const current = this.pieces[index];
      if (current === undefined) {
        this.pieces.push(this.createPiece(piece, live, streaming));
      } else if (samePiece(current.piece, piece) && (streaming || !current.streaming)) {
        // Unchanged. A rendered block that is the tail again (the next one was taken back) stays rendered.
      } else if (streaming && current.streaming && piece.type === 'markdown' && current.piece.type === 'markdown' && extendStreamingTail(current.el, current.piece.text, piece.text)) {
        current.piece = piece;
      } else {
        this.pieces[index] = this.replacePiece(current, piece, live, streaming);
      }
    }
    for (const extra of this.pieces.splice(next.length)) {
      release(extra);
      extra.el.remove();
    }
  }

  private createPiece(piece: MessagePiece, live: boolean, streaming: boolean): RenderedPiece {
    const el = appendElement(this.body, 'div', pieceClass(piece));
    const rendered: RenderedPiece = { piece, el, component: null, root: null, streaming };
    this.fill(rendered, live);
    return rendered;
  }

  private replacePiece(current: RenderedPiece, piece: MessagePiece, live: boolean, streaming: boolean): RenderedPiece {
    if (current.piece.type === 'tool_call' && piece.type === 'tool_call' && current.root !== null) {
      // Same placeholder, new data: update the existing root instead of remounting it.
      current.piece = piece;
      current.root.render(createElement(ToolCallBanner, { call: piece.call, live }));
      return current;
    }
    if (current.streaming && piece.type === 'markdown') {
      // The plain-text tail closed (or was rewritten): render into its element, which no pending
      // Markdown render writes to, instead of building a new one and swapping it in.
      current.el.replaceChildren();
      current.el.className = pieceClass(piece);
      const reused: RenderedPiece = { piece, el: current.el, component: null, root: null, streaming };
      this.fill(reused, live);
      return reused;
    }
    const fresh = this.createPiece(piece, live, streaming);
    // createPiece appended at the end; move it into the old piece's place.
    current.el.replaceWith(fresh.el);
    release(current);
    return fresh;
  }

  private fill(rendered: RenderedPiece, live: boolean): void {
    const { piece, el } = rendered;
    // CONTENT_SEGMENT_EDIT_REQUIRED
    switch (piece.type) {
      case 'markdown': {
        if (rendered.streaming) {
          fillStreamingTail(el, piece.text);
          return;
        }
        const component = this.options.host.createComponent();
        rendered.component = component;
        this.markdownRenders += 1;
        // Inert: the host's renderer runs other plugins' processors (Dataview, Templater) and raw HTML.
        this.options.host.renderMarkdown(inertAnswerMarkdown(piece.text), el, this.sourcePath, component).then(() => {
          offerRemoteImages(el);
          this.citationMarks.mark(el);
        }, () => {
          // A failing post-processor must not lose the answer: show the text as text.
          el.replaceChildren();
          appendElement(el, 'p', '', piece.text);
        });
        return;
      }
      case 'tool_call':
        rendered.root = this.options.roots.create(el);
        rendered.root.render(createElement(ToolCallBanner, { call: piece.call, live }));
        return;
      case 'think': {
        const details = appendElement(el, 'details', 'glassbox-think');
        appendElement(details, 'summary', '', piece.think.closed ? t('reasoning.thoughtSection') : t('reasoning.thinkingSection'));
        appendElement(details, 'div', 'glassbox-think-text', piece.think.text);
        return;
      }
      default: {
        const unhandled: never = piece;
        return unhandled;
      }
    }
  }
}

/** A new `tag` element at the end of `parent`; text goes in as text, never as HTML. */
function appendElement<K extends keyof HTMLElementTagNameMap>(parent: HTMLElement, tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const el = parent.ownerDocument.createElement(tag);
  if (className !== '') el.className = className;
  if (text !== undefined) el.textContent = text;
  parent.appendChild(el);
  return el;
}

function pieceClass(piece: MessagePiece): string {
  return `glassbox-piece glassbox-piece-${piece.type.replace('_', '-')}`;
}

function release(rendered: RenderedPiece): void {
  rendered.root?.unmount();
  rendered.root = null;
  rendered.component?.unload();
  rendered.component = null;
}

function shallowEqual(a: object, b: object): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.is(left[key], right[key]));
}

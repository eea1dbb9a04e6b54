import { StateField, type EditorState, type Extension, type Range, type Text } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, WidgetType } from '@codemirror/view';
import { findNoteMachineRanges, type NoteMachineRange } from '../../../conversation';
import type { HostServices } from '../../../ui/host-services';
import { citationDecorations } from './citation-decorations';

/** Mounts the block of one reasoning marker into `container` and returns how to unmount it. */
export type MountReasoningBlock = (options: { container: HTMLElement; marker: string; state: EditorState }) => () => void;

/** Options of {@link conversationLivePreview}. */
export interface ConversationLivePreviewOptions {
  /** Whether the editor is in Live Preview (Obsidian: `editorLivePreviewField`); source mode stays raw. */
  readonly isLivePreview: (state: EditorState) => boolean;
  /** Renders the block as the chat view does (main.ts passes the one message renderer). */
  readonly mountReasoning: MountReasoningBlock;
  /** Draws the host's icons: the answers' citation marks (DESIGN.md 13.3) are drawn with them. */
  readonly host?: Pick<HostServices, 'setIcon'>;
}

/** One reasoning block in place of its marker line; the same marker keeps the same DOM (and its open/closed state). */
class ReasoningBlockWidget extends WidgetType {
  private readonly unmounts = new WeakMap<HTMLElement, () => void>();

  constructor(
    readonly marker: string,
    private readonly mount: MountReasoningBlock,
  ) {
    super();
  }

  override eq(other: ReasoningBlockWidget): boolean {
    return other.marker === this.marker;
  }

  override toDOM(view: EditorView): HTMLElement {
    const container = createDiv({ cls: 'glassbox-live-preview-block', attr: { 'data-testid': 'live-preview-block' } });
    this.unmounts.set(container, this.mount({ container, marker: this.marker, state: view.state }));
    // The block's controls (its header button, links) keep their clicks, so expanding it does not
    // touch the cursor; a click anywhere else puts the cursor on the marker, which shows it raw
    // for editing, as Obsidian does with its own widgets.
    container.addEventListener('mousedown', (event) => {
      const target = event.target;
      if (target instanceof Element && target.closest('button, a, input, select, textarea, [role="button"]') !== null) return;
      event.preventDefault();
      view.dispatch({ selection: { anchor: view.posAtDOM(container) } });
      view.focus();
    });
    return container;
  }

  override destroy(dom: HTMLElement): void {
    this.unmounts.get(dom)?.();
    this.unmounts.delete(dom);
  }

  /** The block handles its own events (see {@link ReasoningBlockWidget.toDOM}). */
  override ignoreEvent(): boolean {
    return true;
  }
}

/**
 * The Live Preview of a saved conversation note (DESIGN.md 11.3): each answer's REASONING_BLOCK
 * line shows as the chat's collapsible block, and `GLASSBOX_MESSAGE` trailers and legacy
 * tool-call comments are hidden, as long as the cursor is outside them; a selection that touches
 * one shows it raw, so it can still be edited. Source mode shows everything raw. Block
 * decorations replace whole lines, which CodeMirror allows only from a state field.
 */
export function conversationLivePreview(options: ConversationLivePreviewOptions): Extension {
  // Parsed once per document version: moving the cursor does not parse the note again.
  const rangesByDoc = new WeakMap<Text, NoteMachineRange[]>();
  const rangesOf = (doc: Text): NoteMachineRange[] => {
    let ranges = rangesByDoc.get(doc);
    if (ranges === undefined) {
      ranges = findNoteMachineRanges(doc.toString());
      rangesByDoc.set(doc, ranges);
    }
    return ranges;
  };
  const marksByDoc = new WeakMap<Text, Range<Decoration>[]>();
  const build = (state: EditorState): DecorationSet => {
    if (!options.isLivePreview(state)) return Decoration.none;
    const decorations: Range<Decoration>[] = [];
    for (const range of rangesOf(state.doc)) {
      if (state.selection.ranges.some((selection) => selection.from <= range.to && selection.to >= range.from)) continue;
      switch (range.kind) {
        case 'reasoning':
          decorations.push(Decoration.replace({ widget: new ReasoningBlockWidget(range.marker, options.mountReasoning), block: true }).range(range.from, range.to));
          break;
        case 'trailer':
          decorations.push(Decoration.replace({ block: true }).range(range.from, range.to));
          break;
        case 'legacy':
          decorations.push(Decoration.replace({}).range(range.from, range.to));
          break;
        default: {
          const unreachable: never = range;
          return unreachable;
        }
      }
    }
    // Each answer's citation marks where they stand (citation-decorations.ts), once per document version.
    let marks = marksByDoc.get(state.doc);
    if (marks === undefined) {
      marks = citationDecorations({ doc: state.doc.toString(), ranges: rangesOf(state.doc), host: options.host ?? {} });
      marksByDoc.set(state.doc, marks);
    }
    decorations.push(...marks);
    return Decoration.set(decorations, true);
  };
  const field = StateField.define<DecorationSet>({
    create: build,
    update: (decorations, transaction) => {
      const modeChanged = options.isLivePreview(transaction.startState) !== options.isLivePreview(transaction.state);
      return transaction.docChanged || transaction.selection !== undefined || modeChanged ? build(transaction.state) : decorations;
    },
    provide: (self) => EditorView.decorations.from(self),
  });
  return field;
}

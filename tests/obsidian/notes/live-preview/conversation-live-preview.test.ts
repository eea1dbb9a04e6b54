import { act, fireEvent } from '@testing-library/react';
import { EditorSelection, StateEffect, StateField, type EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { serializeConversationNote } from '../../../../src/conversation';
import { conversationLivePreview, type MountReasoningBlock } from '../../../../src/obsidian/notes/live-preview/conversation-live-preview';
import { messageRendererMount } from '../../../../src/obsidian/notes/live-preview/mount-reasoning-block';
import { plainTextHostServices } from '../../../../src/ui/host-services';
import { DEFAULT_DISPLAY_OPTIONS } from '../../../../src/ui/reasoning/display-options';
import { DOCS_SAMPLE } from '../../../support/sample-conversations';
// Obsidian's DOM helpers (the global createDiv the widget uses), as the fake host installs them.
import '../../../../tools/fake-obsidian';

// Issue 15 / DESIGN.md 11.3: a conversation note in Live Preview shows each REASONING_BLOCK as the
// chat's block, hides trailers, and shows both raw once the cursor is on them; source mode is raw.

const NOTE = serializeConversationNote(DOCS_SAMPLE, { clock: 'utc' });

const setLivePreview = StateEffect.define<boolean>();
/** Stands in for Obsidian's `editorLivePreviewField`: Live Preview unless a test switches to source mode. */
const livePreview = StateField.define<boolean>({
  create: () => true,
  update: (value, transaction) => transaction.effects.reduce((current, effect) => (effect.is(setLivePreview) ? effect.value : current), value),
});

interface Mounted {
  readonly container: HTMLElement;
  unmounted: boolean;
}

function openEditor(doc = NOTE, cursor = 0) {
  const mounted: Mounted[] = [];
  const mount = messageRendererMount({ host: plainTextHostServices, displayOptions: () => DEFAULT_DISPLAY_OPTIONS, sourcePath: () => 'Glassbox/Conversations/Refunds.md' });
  const recording: MountReasoningBlock = (options) => {
    const record: Mounted = { container: options.container, unmounted: false };
    mounted.push(record);
    const unmount = mount(options);
    return () => {
      record.unmounted = true;
      unmount();
    };
  };
  const parent = document.body.createDiv();
  let view!: EditorView;
  act(() => {
    view = new EditorView({
      doc,
      selection: EditorSelection.cursor(cursor),
      extensions: [livePreview, conversationLivePreview({ isLivePreview: (state: EditorState) => state.field(livePreview), mountReasoning: recording })],
      parent,
    });
  });
  const moveCursor = (position: number) => act(() => view.dispatch({ selection: EditorSelection.cursor(position) }));
  const blocks = () => Array.from(view.contentDOM.querySelectorAll<HTMLElement>('[data-testid="reasoning-block"]'));
  return { view, mounted, moveCursor, blocks, text: () => view.contentDOM.textContent ?? '' };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('conversation Live Preview (CodeMirror 6 in jsdom)', () => {
  it('shows the reasoning block collapsed in place of the marker, expandable, and hides the trailers', () => {
    const { blocks, text, view } = openEditor();
    expect(blocks()).toHaveLength(1);
    expect(blocks()[0].querySelector('[data-testid="reasoning-label"]')?.textContent).toBe('Thought for 12s');
    const header = blocks()[0].querySelector<HTMLElement>('[data-testid="reasoning-header"]')!;
    expect(header.getAttribute('aria-expanded')).toBe('false');
    expect(text()).not.toContain('REASONING_BLOCK');
    expect(text()).not.toContain('GLASSBOX_MESSAGE');
    expect(text()).toContain('The refund window went from **14 to 30 days**');
    act(() => {
      fireEvent.click(header);
    });
    expect(header.getAttribute('aria-expanded')).toBe('true');
    expect(blocks()[0].textContent).toContain('Searched notes for "refund policy"');
    // Expanding is the block's own click: the cursor did not move into the marker.
    expect(view.state.selection.main.head).toBe(0);
  });

  it('unmounts the block and shows the marker raw while the cursor is on its line, and mounts it again after', () => {
    const { moveCursor, mounted, blocks, text } = openEditor();
    const markerAt = NOTE.indexOf('<!--REASONING_BLOCK:');
    moveCursor(markerAt + 5);
    expect(blocks()).toHaveLength(0);
    expect(mounted).toHaveLength(1);
    expect(mounted[0].unmounted).toBe(true);
    // The React root is gone, not just detached with the line.
    expect(mounted[0].container.querySelector('[data-testid="reasoning-block"]')).toBeNull();
    expect(text()).toContain('<!--REASONING_BLOCK:{"v":1,"status":"complete"');
    moveCursor(0);
    expect(blocks()).toHaveLength(1);
    expect(mounted).toHaveLength(2);
    expect(text()).not.toContain('REASONING_BLOCK');
  });

  it('a click in the block outside its header puts the cursor on the marker, which shows raw', () => {
    const { blocks, text, view } = openEditor();
    act(() => {
      fireEvent.click(blocks()[0].querySelector<HTMLElement>('[data-testid="reasoning-header"]')!);
    });
    act(() => {
      fireEvent.mouseDown(blocks()[0].querySelector<HTMLElement>('[data-testid="reasoning-content"]')!);
    });
    expect(view.state.selection.main.head).toBe(NOTE.indexOf('<!--REASONING_BLOCK:'));
    expect(blocks()).toHaveLength(0);
    expect(text()).toContain('<!--REASONING_BLOCK:');
  });

  it('shows a trailer raw while the cursor is on it, and only that one', () => {
    const { moveCursor, text } = openEditor();
    const trailerAt = NOTE.indexOf('<!--GLASSBOX_MESSAGE:{"id":"msg-mi9x2k5k-b2"');
    moveCursor(trailerAt);
    expect(text()).toContain('<!--GLASSBOX_MESSAGE:{"id":"msg-mi9x2k5k-b2"');
    expect(text()).not.toContain('<!--GLASSBOX_MESSAGE:{"id":"msg-mi9x2k3c-a1"');
  });

  it('keeps everything raw in source mode, and decorates again back in Live Preview', () => {
    const { view, blocks, text, mounted } = openEditor();
    act(() => view.dispatch({ effects: setLivePreview.of(false) }));
    expect(blocks()).toHaveLength(0);
    expect(mounted[0].unmounted).toBe(true);
    expect(text()).toContain('<!--REASONING_BLOCK:');
    expect(text()).toContain('<!--GLASSBOX_MESSAGE:');
    act(() => view.dispatch({ effects: setLivePreview.of(true) }));
    expect(blocks()).toHaveLength(1);
  });

  it('follows edits: a block appears for an answer typed into the note, and a plain note is left alone', () => {
    const { view, blocks } = openEditor();
    const second = serializeConversationNote({ ...DOCS_SAMPLE, messages: [...DOCS_SAMPLE.messages, { ...DOCS_SAMPLE.messages[1], id: 'again' }] }, { clock: 'utc' });
    act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: second } }));
    expect(blocks()).toHaveLength(2);
    const plain = openEditor('# Plan\n\n<!--REASONING_BLOCK:{"v":1,"status":"complete","startedAt":1,"elapsedMs":1,"steps":[]}-->\n');
    expect(plain.blocks()).toHaveLength(0);
    expect(plain.text()).toContain('<!--REASONING_BLOCK:');
  });
});

import { type App, Component, type HoverParent, Keymap, MarkdownRenderer, MarkdownView, getLinkpath, setIcon } from 'obsidian';
import type { HostComponent, HostServices, SpentTodaySource } from '../ui/host-services';
import { type NoteChangeLog, undoTurn, type TurnSteps, type UndoOutcome } from '../writes';
import { insertAnswer } from './insert-answer';
import { ObsidianNoteWriter } from './notes/obsidian-note-writer';

/**
 * The UI's host services on Obsidian: Markdown through `MarkdownRenderer.render` (so wikilinks,
 * embeds, callouts and themes look as in a note, and raw HTML is sanitised by Obsidian), links
 * through `workspace.openLinkText`.
 */
export class ObsidianHostServices implements HostServices {
  constructor(
    private readonly app: App,
    private readonly options: {
      /** The plugin whose settings tab `openSettings` shows. */
      readonly pluginId?: string;
      /** The registered hover-link source (`registerHoverLinkSource`) and the view previews belong to. */
      readonly hover?: { readonly source: string; readonly parent: HoverParent };
      /** The log "Undo the last change" reads: an insert is recorded there like a write tool's change. */
      readonly changes?: NoteChangeLog;
      /** The day's spend on this device, shown in the chat while a budget is set. */
      readonly spentToday?: SpentTodaySource;
    } = {},
  ) {
    this.spentToday = options.spentToday;
  }

  readonly spentToday: SpentTodaySource | undefined;

  renderMarkdown(markdown: string, el: HTMLElement, sourcePath: string, component: HostComponent): Promise<void> {
    // Components always come from createComponent below; anything else gets a private one, so
    // the renderer never hangs children on a foreign object.
    const owner = component instanceof Component ? component : new Component();
    return MarkdownRenderer.render(this.app, markdown, el, sourcePath, owner);
  }

  openLink(linktext: string, sourcePath: string, event?: MouseEvent): void {
    // 'tab' for Ctrl/Cmd or a middle click, 'split' / 'window' with Alt (and Shift), else false.
    void this.app.workspace.openLinkText(linktext, sourcePath, event ? Keymap.isModEvent(event) : false);
  }

  openNoteAtLine(path: string, line: number, event?: MouseEvent): void {
    // The editor's eState scrolls to a 0-based line and highlights it, as a search result does.
    void this.app.workspace.openLinkText(path, '', event ? Keymap.isModEvent(event) : false, { eState: { line: line - 1 } });
  }

  hoverLink(options: { event: MouseEvent; linktext: string; sourcePath: string; targetEl: HTMLElement }): void {
    const hover = this.options.hover;
    if (hover === undefined) return;
    // Obsidian's Page preview core plugin listens for this event from registered sources.
    this.app.workspace.trigger('hover-link', { event: options.event, source: hover.source, hoverParent: hover.parent, targetEl: options.targetEl, linktext: options.linktext, sourcePath: options.sourcePath });
  }

  insertAtCursor(text: string): string | null {
    // The chat is the active leaf when its button is clicked: the note is the main area's most recent leaf.
    const view = this.app.workspace.getMostRecentLeaf()?.view;
    if (!(view instanceof MarkdownView)) return null;
    return insertAnswer({ editor: view.editor, file: view.file, editing: view.getMode() === 'source' }, text, this.options.changes);
  }

  openNotes(linktexts: readonly string[], sourcePath: string): readonly string[] {
    const missing: string[] = [];
    for (const linktext of linktexts) {
      // Resolved first: openLinkText would create a note for a link that matches none.
      const file = this.app.metadataCache.getFirstLinkpathDest(getLinkpath(linktext), sourcePath);
      if (file === null) missing.push(linktext);
      else void this.app.workspace.getLeaf('tab').openFile(file);
    }
    return missing;
  }

  openSettings(): void {
    // `app.setting` is Obsidian's settings window; it is not in the public typings.
    const setting = (this.app as unknown as { setting?: { open(): void; openTabById(id: string): unknown } }).setting;
    setting?.open();
    if (this.options.pluginId !== undefined) setting?.openTabById(this.options.pluginId);
  }

  setIcon(el: HTMLElement, icon: string): void {
    setIcon(el, icon);
  }

  undoTurn(steps: TurnSteps): Promise<UndoOutcome> {
    // The same writer as the writes: an open note is changed through its editor, a created one goes to the trash.
    return undoTurn(steps, new ObsidianNoteWriter(this.app));
  }

  createComponent(): HostComponent {
    const component = new Component();
    component.load();
    return component;
  }
}

import { type App, Component, type HoverParent, Keymap, MarkdownRenderer } from 'obsidian';
import type { HostComponent, HostServices } from '../ui/host-services';

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
    } = {},
  ) {}

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

  hoverLink(options: { event: MouseEvent; linktext: string; sourcePath: string; targetEl: HTMLElement }): void {
    const hover = this.options.hover;
    if (hover === undefined) return;
    // Obsidian's Page preview core plugin listens for this event from registered sources.
    this.app.workspace.trigger('hover-link', { event: options.event, source: hover.source, hoverParent: hover.parent, targetEl: options.targetEl, linktext: options.linktext, sourcePath: options.sourcePath });
  }

  openSettings(): void {
    // `app.setting` is Obsidian's settings window; it is not in the public typings.
    const setting = (this.app as unknown as { setting?: { open(): void; openTabById(id: string): unknown } }).setting;
    setting?.open();
    if (this.options.pluginId !== undefined) setting?.openTabById(this.options.pluginId);
  }

  createComponent(): HostComponent {
    const component = new Component();
    component.load();
    return component;
  }
}

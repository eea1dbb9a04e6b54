import { type App, Component, MarkdownRenderer } from 'obsidian';
import type { HostComponent, HostServices } from '../ui/host-services';

/**
 * The UI's host services on Obsidian: Markdown through `MarkdownRenderer.render` (so wikilinks,
 * embeds, callouts and themes look as in a note, and raw HTML is sanitised by Obsidian), links
 * through `workspace.openLinkText`.
 */
export class ObsidianHostServices implements HostServices {
  constructor(
    private readonly app: App,
    /** The plugin whose settings tab `openSettings` shows. */
    private readonly pluginId?: string,
  ) {}

  renderMarkdown(markdown: string, el: HTMLElement, sourcePath: string, component: HostComponent): Promise<void> {
    // Components always come from createComponent below; anything else gets a private one, so
    // the renderer never hangs children on a foreign object.
    const owner = component instanceof Component ? component : new Component();
    return MarkdownRenderer.render(this.app, markdown, el, sourcePath, owner);
  }

  openLink(linktext: string, sourcePath: string): void {
    void this.app.workspace.openLinkText(linktext, sourcePath, false);
  }

  openSettings(): void {
    // `app.setting` is Obsidian's settings window; it is not in the public typings.
    const setting = (this.app as unknown as { setting?: { open(): void; openTabById(id: string): unknown } }).setting;
    setting?.open();
    if (this.pluginId !== undefined) setting?.openTabById(this.pluginId);
  }

  createComponent(): HostComponent {
    const component = new Component();
    component.load();
    return component;
  }
}

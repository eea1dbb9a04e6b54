import { Component, MarkdownRenderer, type App } from '../../tools/fake-obsidian';
import type { HostServices } from '../../src/ui/host-services';

/**
 * Host services over the fake Obsidian host: Markdown through the fake `MarkdownRenderer`
 * (markdown-it, DOM built node by node), as the playground and the plugin's view use it.
 */
export function fakeHostServices(app: App): HostServices {
  return {
    renderMarkdown: (markdown, el, sourcePath, component) => MarkdownRenderer.render(app, markdown, el, sourcePath, component as Component),
    openLink: () => undefined,
    createComponent: () => {
      const component = new Component();
      component.load();
      return component;
    },
  };
}

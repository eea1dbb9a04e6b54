import { installDomHelpers } from '../../tools/fake-obsidian/dom-helpers';
import { renderMarkdownInto } from '../../tools/fake-obsidian/markdown-dom';
import type { HostComponent, HostServices } from '../../src/ui/host-services';

/** Host services over the fake host's real Markdown renderer, recording what the UI asked for. */
export interface RecordingHost extends HostServices {
  readonly rendered: string[];
  readonly openedLinks: { linktext: string; sourcePath: string }[];
  /** Each `openNoteAtLine` call (a found quotation clicked). */
  readonly openedAtLine: { path: string; line: number }[];
  readonly liveComponents: () => number;
}

/** Builds a {@link RecordingHost} and makes sure Obsidian's DOM helpers exist in jsdom. */
export function recordingHost(): RecordingHost {
  installDomHelpers(window);
  const rendered: string[] = [];
  const openedLinks: { linktext: string; sourcePath: string }[] = [];
  const openedAtLine: { path: string; line: number }[] = [];
  let live = 0;
  return {
    rendered,
    openedLinks,
    openedAtLine,
    liveComponents: () => live,
    renderMarkdown(markdown, el) {
      rendered.push(markdown);
      renderMarkdownInto(markdown, el);
      return Promise.resolve();
    },
    openLink(linktext, sourcePath) {
      openedLinks.push({ linktext, sourcePath });
    },
    openNoteAtLine(path, line) {
      openedAtLine.push({ path, line });
    },
    createComponent(): HostComponent {
      live += 1;
      let loaded = true;
      return {
        load() {},
        unload() {
          if (loaded) live -= 1;
          loaded = false;
        },
      };
    },
  };
}

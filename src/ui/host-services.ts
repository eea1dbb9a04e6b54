import type { TurnSteps, UndoOutcome } from '../writes';
import type { DaySpend } from '../agent';

/** The chat's "Spent today: $0.42 of $2.00" (DESIGN.md 13.4): what this device spent today and the day's budget. */
export interface SpentToday {
  readonly spent: DaySpend;
  /** US dollars, above 0. */
  readonly budget: number;
}

/** Where the chat reads the day's spend; `current()` returns the same object until it changes, null without a budget. */
export interface SpentTodaySource {
  current(): SpentToday | null;
  subscribe(listener: () => void): () => void;
}

/**
 * The lifetime handle Markdown rendering hangs child components on. Obsidian's `Component`
 * satisfies it structurally, so `src/ui` never imports `obsidian`.
 */
export interface HostComponent {
  load(): void;
  unload(): void;
}

/**
 * The few things the message renderer needs from the host (DESIGN.md 2): Obsidian inside the app,
 * the fake host in tests and the playground.
 */
export interface HostServices {
  /**
   * Renders Markdown into `el` (Obsidian's `MarkdownRenderer.render`); children such as embeds
   * are tied to `component` and freed when it unloads. Never turns the text into raw HTML.
   * The four positional inputs mirror Obsidian's own signature on purpose.
   */
  renderMarkdown(markdown: string, el: HTMLElement, sourcePath: string, component: HostComponent): Promise<void>;
  /**
   * Opens a note the way a click on an internal link does (`workspace.openLinkText`); given the
   * click, Ctrl/Cmd-click and middle-click open it in a new tab, as in a note.
   */
  openLink(linktext: string, sourcePath: string, event?: MouseEvent): void;
  /** Opens the note at `path` scrolled to `line` (1-based): a found quotation's place (DESIGN.md 13.3). */
  openNoteAtLine?(path: string, line: number, event?: MouseEvent): void;
  /** The pointer is over an internal link: Obsidian's page preview may show the note. */
  hoverLink?(options: { event: MouseEvent; linktext: string; sourcePath: string; targetEl: HTMLElement }): void;
  /** A fresh, loaded component to pass to {@link HostServices.renderMarkdown}; the caller unloads it. */
  createComponent(): HostComponent;
  /**
   * Inserts `text` at the cursor of the note the user was last in (the most recent editor of
   * the main area); returns that note's path, or null when no note is open in an editor.
   */
  insertAtCursor?(text: string): string | null;
  /** Opens each linked note in a tab of its own; returns the link texts that match no note (nothing is created). */
  openNotes?(linktexts: readonly string[], sourcePath: string): readonly string[];
  /** Opens the plugin's settings; absent where there are none to open. */
  openSettings?(): void;
  /** Draws one of the host's icons into `el` (Obsidian's `setIcon`, its Lucide set); absent where there are none. */
  setIcon?(el: HTMLElement, icon: string): void;
  /** Takes back every note change of a run from its steps ("Undo this turn", `undoTurn`); the sentence says what happened. */
  undoTurn?(steps: TurnSteps): Promise<UndoOutcome>;
  /** The day's spend and budget, shown above the composer; absent where nothing is counted. */
  readonly spentToday?: SpentTodaySource;
}

/**
 * Host services for environments with no Markdown renderer: the text goes in as text, never as
 * HTML, so even the fallback is safe against hostile notes.
 */
export const plainTextHostServices: HostServices = Object.freeze({
  renderMarkdown(markdown: string, el: HTMLElement): Promise<void> {
    // A text node, not Obsidian's createEl: this fallback also serves plain jsdom.
    el.appendChild(el.ownerDocument.createTextNode(markdown));
    return Promise.resolve();
  },
  openLink(): void {
    // Nothing to open without a vault.
  },
  createComponent(): HostComponent {
    return { load() {}, unload() {} };
  },
});

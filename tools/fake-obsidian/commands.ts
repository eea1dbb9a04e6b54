import type { Command } from 'obsidian';
import type { MarkdownView } from './markdown-view';

/** The app's command registry (`app.commands` in Obsidian, which the public API does not type). */
export class CommandRegistry {
  /** Commands by full id (`plugin-id:command-id`). */
  readonly commands: Record<string, Command> = {};

  /** `activeEditor`: the Markdown view editor commands run in (none: they are not offered). */
  constructor(private readonly activeEditor: () => MarkdownView | null = () => null) {}

  /** Adds a command. */
  addCommand(command: Command): void {
    this.commands[command.id] = command;
  }

  /** Removes a command. */
  removeCommand(id: string): void {
    delete this.commands[id];
  }

  /**
   * Runs a command as the palette would: `callback`, else `checkCallback(false)`; an editor
   * command only while a Markdown editor is active, with its editor and view. Returns false if it
   * could not run.
   */
  executeCommandById(id: string): boolean {
    const command = this.commands[id];
    if (!command) return false;
    if (command.editorCallback || command.editorCheckCallback) {
      const view = this.activeEditor();
      if (view === null) return false;
      // The fake's Editor and MarkdownView stand in for Obsidian's classes of the same shape.
      const [editor, ctx] = [view.editor as never, view as never];
      if (command.editorCheckCallback) {
        if (!command.editorCheckCallback(true, editor, ctx)) return false;
        command.editorCheckCallback(false, editor, ctx);
        return true;
      }
      void command.editorCallback?.(editor, ctx);
      return true;
    }
    if (command.callback) {
      void command.callback();
      return true;
    }
    if (command.checkCallback) {
      if (!command.checkCallback(true)) return false;
      command.checkCallback(false);
      return true;
    }
    return false;
  }

  /** Fake-only: finds a command by its displayed name. */
  findByName(name: string): Command | undefined {
    return Object.values(this.commands).find((command) => command.name === name);
  }
}

import type { Command } from 'obsidian';

/** The app's command registry (`app.commands` in Obsidian, which the public API does not type). */
export class CommandRegistry {
  /** Commands by full id (`plugin-id:command-id`). */
  readonly commands: Record<string, Command> = {};

  /** Adds a command. */
  addCommand(command: Command): void {
    this.commands[command.id] = command;
  }

  /** Removes a command. */
  removeCommand(id: string): void {
    delete this.commands[id];
  }

  /** Runs a command as the palette would: `callback`, else `checkCallback(false)`. Returns false if it could not run. */
  executeCommandById(id: string): boolean {
    const command = this.commands[id];
    if (!command) return false;
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

import type { App } from './app';
import type { TAbstractFile, TFile } from './files';
import { parseYaml, stringifyYaml } from './yaml';

/** Obsidian's `FileManager`: the user-facing file operations. */
export class FileManager {
  constructor(private readonly app: App) {}

  /** Deletes a file (the fake has no trash). */
  trashFile(file: TAbstractFile): Promise<void> {
    return this.app.vault.delete(file);
  }

  /** Renames a file (links are not rewritten by the fake). */
  renameFile(file: TAbstractFile, newPath: string): Promise<void> {
    return this.app.vault.rename(file, newPath);
  }

  /** A `[[link]]` to `file` as written from `sourcePath`. */
  generateMarkdownLink(file: TFile, sourcePath: string, subpath = '', alias = ''): string {
    const linktext = this.app.metadataCache.fileToLinktext(file, sourcePath);
    return `[[${linktext}${subpath}${alias ? `|${alias}` : ''}]]`;
  }

  /**
   * Atomically edits the frontmatter: `fn` mutates the parsed object and the note is rewritten
   * with the new frontmatter block and the body untouched (simple YAML only).
   */
  async processFrontMatter(file: TFile, fn: (frontmatter: Record<string, unknown>) => void): Promise<void> {
    await this.app.vault.process(file, (text) => {
      const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
      const frontmatter = match ? parseYaml(match[1]) : {};
      fn(frontmatter);
      const body = match ? text.slice(match[0].length) : text;
      return `---\n${stringifyYaml(frontmatter)}---\n${body}`;
    });
  }
}

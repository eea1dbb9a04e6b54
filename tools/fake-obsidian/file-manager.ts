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

  /**
   * Where a new attachment named `filename` goes, as Obsidian's "Default location for new
   * attachments" says (`attachmentFolderPath`: `/` the vault's root, `./x` beside the note, else a
   * folder), with ` 1`, ` 2`, … before the extension when the name is taken. The folder is created.
   */
  async getAvailablePathForAttachment(filename: string, sourcePath?: string): Promise<string> {
    const { vault } = this.app;
    const setting = vault.attachmentFolderPath;
    const noteFolder = sourcePath?.includes('/') ? sourcePath.slice(0, sourcePath.lastIndexOf('/')) : '';
    const folder = setting === '/' || setting === '' ? '' : setting.startsWith('./') ? [noteFolder, setting.slice(2)].filter(Boolean).join('/') : setting;
    if (folder !== '' && vault.getFolderByPath(folder) === null) await vault.createFolder(folder);
    const dot = filename.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [filename.slice(0, dot), filename.slice(dot)] : [filename, ''];
    for (let count = 0; ; count += 1) {
      const path = `${folder === '' ? '' : `${folder}/`}${stem}${count === 0 ? '' : ` ${count}`}${extension}`;
      if (vault.getAbstractFileByPath(path) === null) return path;
    }
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

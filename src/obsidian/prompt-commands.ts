import { normalizePath, Notice, type Plugin, TAbstractFile } from 'obsidian';
import { COPILOT_PROMPTS_FOLDER, listPrompts, type PromptNote } from '../prompts';
import type { QuestionSelection } from '../agent';
import type { GlassboxSettingsHost } from '../settings';
import { t } from '../i18n';
import { vaultPromptNotes } from './vault-prompt-notes';

/** What a prompt note holds when "New prompt" creates it: a description for the `/` menu and a first line to replace. */
const NEW_PROMPT = '---\ndescription: What this prompt does, shown in the / menu\n---\nSummarize {} in three bullets, citing the notes.\n';

/** What the prompt commands act through. */
export interface PromptCommandsOptions {
  readonly settings: GlassboxSettingsHost;
  /** Runs a prompt in the chat in front, the editor's selection (if any) as its selection chip. */
  readonly run: (prompt: PromptNote, selection: QuestionSelection | null) => void;
  /** The selection in the editor, if any. */
  readonly selection: () => QuestionSelection | null;
}

/**
 * The custom prompts in the command palette (DESIGN.md 12.4): "New prompt" creates a prompt note
 * and opens it; each prompt is a command ("Prompt: Summarize") that runs it in the chat in front,
 * `{}` filled from the editor's selection. The commands follow the prompts folders as notes are
 * added, renamed or removed there.
 */
export function addPromptCommands(plugin: Plugin, options: PromptCommandsOptions): void {
  const { app } = plugin;
  const folder = () => normalizePath(options.settings.settings.promptsFolder);
  plugin.addCommand({
    id: 'new-prompt',
    name: t('command.newPrompt'),
    callback: () => void createPromptNote(plugin, folder()),
  });
  let registered: string[] = [];
  const refresh = async (): Promise<void> => {
    const prompts = await listPrompts(vaultPromptNotes(app.vault), folder());
    for (const id of registered) plugin.removeCommand(id);
    registered = prompts.map((prompt) => addPromptCommand(plugin, prompt, options));
  };
  let timer: number | null = null;
  const refreshSoon = (file: TAbstractFile, oldPath?: string): void => {
    const inFolder = (path: string) => [folder(), COPILOT_PROMPTS_FOLDER].some((dir) => path.startsWith(`${dir}/`));
    if (!inFolder(file.path) && (oldPath === undefined || !inFolder(oldPath))) return;
    if (timer !== null) window.clearTimeout(timer);
    // Registered so an unload clears it (clearInterval clears a timeout too: one pool of ids).
    timer = plugin.registerInterval(window.setTimeout(() => void refresh(), 300));
  };
  app.workspace.onLayoutReady(() => {
    void refresh();
    plugin.registerEvent(app.vault.on('create', (file) => refreshSoon(file)));
    plugin.registerEvent(app.vault.on('delete', (file) => refreshSoon(file)));
    plugin.registerEvent(app.vault.on('rename', (file, oldPath) => refreshSoon(file, oldPath)));
    plugin.registerEvent(app.vault.on('modify', (file) => refreshSoon(file)));
  });
}

function addPromptCommand(plugin: Plugin, prompt: PromptNote, options: PromptCommandsOptions): string {
  const id = `prompt-${prompt.path.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  plugin.addCommand({
    id,
    name: t('command.prompt', { name: prompt.name }),
    callback: () => {
      // The selection in the editor (if any) becomes the selection chip, which fills {}; read before the chat takes the focus.
      options.run(prompt, options.selection());
    },
  });
  return id;
}

async function createPromptNote(plugin: Plugin, folder: string): Promise<void> {
  const { vault, workspace } = plugin.app;
  try {
    if (vault.getFolderByPath(folder) === null) await vault.createFolder(folder);
    let path = `${folder}/New prompt.md`;
    for (let count = 1; vault.getAbstractFileByPath(path) !== null; count += 1) path = `${folder}/New prompt ${count}.md`;
    const file = await vault.create(path, NEW_PROMPT);
    await workspace.getLeaf(true).openFile(file);
  } catch (error) {
    new Notice(t('notice.promptNotCreated', { folder, error: error instanceof Error ? error.message : String(error) }));
  }
}

import type { PromptUse } from '../agent';
import { closePromptNames, expandPrompt, findPrompt, listPrompts, promptUse, DEFAULT_PROMPTS_FOLDER, type ExpandedPrompt, type PromptNote } from '../prompts';
import { indexContextNotes, type VaultIndex, type VaultSource } from '../search';
import { CliUsageError } from './cli-io';

/** A `--prompt` read and filled: the prompt note, what its variables gave, and the run's use of it (model and loop unless a flag fixed them). */
export interface AskPrompt extends ExpandedPrompt {
  readonly prompt: PromptNote;
  readonly use: PromptUse;
}

/**
 * `glassbox ask --prompt NAME` (DESIGN.md 12.4): the prompt from the vault's prompts folder (or
 * Copilot's), its `{}` / `{selection}` filled with the question given on the command line (the CLI
 * has no selection), note variables resolved over the index. There is no open note in a terminal,
 * so `{activeNote}` says so in the text. An unknown name is a usage error naming the close ones.
 */
export async function readAskPrompt(options: { name: string; question: string; index: VaultIndex; source: VaultSource; now?: Date; fixed?: { model?: boolean; loop?: boolean } }): Promise<AskPrompt> {
  const { index, source } = options;
  const prompts = await listPrompts({ listPaths: async () => (await source.listNotes()).map((note) => note.path), read: (path) => source.read(path) }, DEFAULT_PROMPTS_FOLDER);
  const prompt = findPrompt(prompts, options.name);
  if (prompt === undefined) throw new CliUsageError(unknownPrompt(options.name, prompts));
  const links = indexContextNotes({ index, source });
  const expanded = await expandPrompt(prompt.template, {
    selection: options.question,
    resolveLink: (linktext) => links.resolve(linktext, prompt.path),
    notesWithTag: (tag) => index.notesWithTag(tag).map((note) => note.path),
    notesInFolder: (folder) => index.allNotes().filter((note) => note.path.startsWith(`${folder}/`)).map((note) => note.path),
    now: options.now ?? new Date(),
  });
  return { ...expanded, prompt, use: promptUse(prompt, expanded.variables, options.fixed) };
}

function unknownPrompt(name: string, prompts: readonly PromptNote[]): string {
  if (prompts.length === 0) return `No prompt "${name}": the vault has no prompts yet (notes in ${DEFAULT_PROMPTS_FOLDER}/ or copilot-custom-prompts/).`;
  const close = closePromptNames(prompts, name);
  return close.length > 0 ? `No prompt "${name}"; did you mean ${close.map((candidate) => `"${candidate}"`).join(' or ')}?` : `No prompt "${name}"; the vault has ${prompts.slice(0, 8).map((prompt) => `"${prompt.name}"`).join(', ')}${prompts.length > 8 ? ', …' : ''}.`;
}

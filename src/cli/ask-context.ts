import { DEFAULT_CONTEXT_BUDGET_TOKENS, describeScope, type AttachedContext } from '../agent';
import { attachQuestionContext, indexContextNotes, type VaultIndex, type VaultSource } from '../search';
import type { AskPrompt } from './ask-prompt';
import { CliUsageError } from './cli-io';
import { findVaultNote } from './find-vault-note';
import { emptyScopeMessage, vaultFolder } from './vault-folder';

/**
 * What `glassbox ask` attaches (DESIGN.md 11.4): the `--note` notes (a missing one is a usage
 * error), the notes the question's `[[links]]` name, and the `--folder` / `--tag` scope. Null when
 * nothing is attached and there is no scope, so a plain question runs exactly as before.
 */
export async function readAskContext(options: {
  vaultDir: string;
  cwd: string;
  question: string;
  notes: readonly string[];
  folders: readonly string[];
  tags: readonly string[];
  index: VaultIndex;
  source: VaultSource;
  /** The attachments' budget in estimated tokens; default the "Context budget" default. */
  budgetTokens?: number;
  /** A `--prompt`: the notes its variables named are attached after the `--note` ones, and the trace names it. */
  prompt?: AskPrompt | null;
}): Promise<AttachedContext | null> {
  const { vaultDir, cwd } = options;
  const notes: string[] = [];
  for (const name of options.notes) {
    const found = await findVaultNote({ vaultDir, cwd, name });
    if (found === null) throw new CliUsageError(`--note ${name} is not a note of the vault (give its path inside the vault, e.g. --note "Projects/Alpha.md").`);
    notes.push(found.path);
  }
  for (const path of options.prompt?.notes ?? []) if (!notes.includes(path)) notes.push(path);
  const folders = await Promise.all(options.folders.map((folder) => vaultFolder({ vaultDir, cwd, folder })));
  const tags = options.tags;
  const context = await attachQuestionContext({
    question: options.question,
    context: { notes, ...(folders.length > 0 || tags.length > 0 ? { scope: { folders, tags } } : {}) },
    notes: indexContextNotes({ index: options.index, source: options.source, extraPaths: notes }),
    budgetTokens: options.budgetTokens ?? DEFAULT_CONTEXT_BUDGET_TOKENS,
  });
  // A scope of no note would run the question on nothing: say so as --folder nosuch does.
  if (context.scopeNotes === 0) throw new CliUsageError(emptyScopeMessage(describeScope(context.scope)));
  const { prompt } = options;
  if (prompt) return { ...context, prompt: prompt.use };
  const empty = context.attachments.length === 0 && context.missingLinks.length === 0 && context.scope === undefined;
  return empty ? null : context;
}

import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { FolderExcludingSource, VaultIndex } from '../search';
import { parseFlags, type CommandSpec } from './cli-flags';
import { buildCliMeaningSearch, EMBEDDINGS_FLAGS, readEmbeddingsEndpoint, type EmbeddingsEndpoint } from './cli-meaning-search';
import { CliUsageError, type CliIo } from './cli-io';
import { GLASSBOX_OWN_FOLDERS } from './own-folders';
import { NodeVaultSource } from './node-vault-source';
import { searchOutput, stripControls } from '../commands';
import { vaultFolder } from './vault-folder';

/** Parsed `glassbox search` arguments. */
interface SearchArgs {
  readonly vault: string;
  readonly json: boolean;
  readonly limit: number;
  readonly folders: readonly string[];
  readonly tags: readonly string[];
  readonly query: string;
  /** `--meaning`: fuse word search with search by meaning at the embeddings endpoint. */
  readonly meaning?: EmbeddingsEndpoint;
}

/** `glassbox search`'s command line (DESIGN.md 8): a new flag is one entry in `flags`, read below. */
export const SEARCH_COMMAND = {
  name: 'search',
  flags: {
    vault: { value: 'DIR', required: true, description: 'The folder of notes to search.' },
    json: { description: 'Print the results as JSON.' },
    limit: { value: 'N', description: 'Most results, 1 to 1000.', defaultValue: '10' },
    folder: { value: 'PATH', multiple: true, description: 'Only notes in this folder.', defaultValue: 'the whole vault' },
    tag: { value: 'TAG', multiple: true, description: 'Only notes with this tag.', defaultValue: 'any tag' },
    meaning: { description: 'Also search by meaning (needs an embedding model).' },
    ...EMBEDDINGS_FLAGS,
  },
  words: '"query"',
} as const satisfies CommandSpec;

function parseSearchArgs(args: readonly string[], env: Readonly<Record<string, string | undefined>>): SearchArgs {
  const { flags, words } = parseFlags(SEARCH_COMMAND, args);
  const limit = parseLimit(flags.limit);
  if (flags.vault === undefined) throw new CliUsageError('Say which folder of notes to search with --vault DIR.');
  const query = words.join(' ').trim();
  if (query === '') throw new CliUsageError('Give the text to search for, e.g. glassbox search --vault DIR "meeting notes".');
  let meaning: EmbeddingsEndpoint | undefined;
  if (flags.meaning) {
    const chatBaseUrl = env.GLASSBOX_BASE_URL !== undefined && env.GLASSBOX_BASE_URL.trim() !== '' ? env.GLASSBOX_BASE_URL.trim() : undefined;
    const apiKey = env.GLASSBOX_API_KEY !== undefined && env.GLASSBOX_API_KEY !== '' ? env.GLASSBOX_API_KEY : undefined;
    meaning = readEmbeddingsEndpoint({ flags, env, ...(chatBaseUrl !== undefined ? { chatBaseUrl } : {}), ...(apiKey !== undefined ? { apiKey } : {}) });
    if (meaning === undefined) throw new CliUsageError('Say which model embeds with --embeddings-model NAME (or GLASSBOX_EMBEDDINGS_MODEL), e.g. nomic-embed-text.');
  }
  return { vault: flags.vault, json: flags.json, limit, folders: flags.folder, tags: flags.tag.map((tag) => tag.replace(/^#/, '')), query, ...(meaning !== undefined ? { meaning } : {}) };
}

function parseLimit(text: string | undefined): number {
  if (text === undefined) return 10;
  const limit = Number(text);
  if (!/^\d+$/.test(text) || limit < 1 || limit > 1000) throw new CliUsageError(`--limit must be a whole number from 1 to 1000, not "${text}".`);
  return limit;
}

/**
 * `glassbox search --vault DIR [--json] [--limit N] [--folder PATH]… [--tag TAG]… "query"`
 * (DESIGN.md 8, 11.4): indexes the folder, runs one search and prints the results, best first.
 * `--folder` and `--tag` keep only notes in those folders (vault-relative, or a path inside the
 * vault) or with those tags (nested ones included). `--json` prints
 * `{ tookMs, results: [{ path, title, score, heading?, passage }] }`; otherwise a numbered list.
 * `tookMs` is the search alone, not the indexing before it. Saved conversations
 * (`Glassbox/Conversations/`) and prompts (`Glassbox/Prompts/`) are left out, as for `ask`: the
 * search shows what the agent sees, and a saved note's marker JSON would otherwise crowd the results.
 */
export async function runSearchCommand(args: readonly string[], io: CliIo): Promise<number> {
  const options = parseSearchArgs(args, io.env);
  const vaultDir = resolve(io.cwd, options.vault);
  const info = await stat(vaultDir).catch(() => undefined);
  if (!info?.isDirectory()) throw new CliUsageError(`The vault folder ${options.vault} does not exist or is not a folder.`);
  const folders = await Promise.all(options.folders.map((folder) => vaultFolder({ vaultDir, cwd: io.cwd, folder })));
  const index = await VaultIndex.build(new FolderExcludingSource(new NodeVaultSource(vaultDir), GLASSBOX_OWN_FOLDERS));
  const meaning = options.meaning === undefined ? undefined : await buildCliMeaningSearch({ index, endpoint: options.meaning });
  if (meaning?.notice !== undefined) io.stderr.write(stripControls(`${meaning.notice}\n`));
  const searchOptions = { limit: options.limit, ...(folders.length > 0 ? { folders } : {}), ...(options.tags.length > 0 ? { tags: options.tags } : {}) };
  const started = performance.now();
  const results = meaning?.search !== undefined ? (await meaning.search.search(options.query, searchOptions)).results : await index.search(options.query, searchOptions);
  const tookMs = Math.round((performance.now() - started) * 100) / 100;
  io.stdout.write(searchOutput(results, { query: options.query, json: options.json, tookMs, size: index.size }));
  return 0;
}

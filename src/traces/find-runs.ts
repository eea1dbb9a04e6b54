import { parseConversationNote } from '../conversation';
import type { RunCost } from '../markers';
import { conversationRuns } from './conversation-runs';
import { costOfRun, type TracePrices } from './run-prices';

/** What to look for across saved conversations (`glassbox traces`, the plugin's command). */
export interface RunQuery {
  /** A note whose text reached the model: its path, its path without `.md`, or its name. */
  readonly read?: string;
  /** A tool the run called. */
  readonly tool?: string;
  readonly status?: string;
  /** Epoch ms: runs started at or after it. */
  readonly since?: number;
}

/** One run that matched: its conversation, when it started, how it ended, what it cost. */
export interface FoundRun {
  /** Vault-relative path of the conversation note. */
  readonly note: string;
  readonly title: string;
  /** Epoch ms. */
  readonly startedAt: number;
  readonly status: string;
  /** At the prices given; absent without prices or when a call of the run has no usage. */
  readonly cost?: RunCost;
}

/** A conversation note as the finder reads it. */
export interface SavedNote {
  readonly path: string;
  readonly text: string;
}

/** The runs of these notes that match every part of the query, newest first. Notes that are not conversations are skipped. */
export function findRuns(notes: Iterable<SavedNote>, query: RunQuery, prices?: TracePrices): FoundRun[] {
  const found: FoundRun[] = [];
  const read = query.read === undefined ? undefined : noteKey(query.read);
  for (const note of notes) {
    const parsed = parseConversationNote(note.text);
    if (!parsed.ok) continue;
    const title = parsed.value.title !== '' ? parsed.value.title : stemOf(note.path);
    for (const run of conversationRuns(parsed.value)) {
      if (query.since !== undefined && run.startedAt < query.since) continue;
      if (query.status !== undefined && run.payload.status !== query.status) continue;
      if (query.tool !== undefined && !run.toolSteps.some((step) => step.tool?.name.toLowerCase() === query.tool?.toLowerCase())) continue;
      if (read !== undefined && !run.notesRead.some((path) => noteKey(path) === read || noteKey(stemOf(path)) === read)) continue;
      const cost = costOfRun(run.payload, prices);
      found.push({ note: note.path, title, startedAt: run.startedAt, status: run.payload.status, ...(cost !== undefined ? { cost } : {}) });
    }
  }
  return found.sort((first, second) => second.startedAt - first.startedAt || first.note.localeCompare(second.note));
}

/** A note named any way a user names it, compared without case, `.md` or surrounding `[[ ]]`. */
function noteKey(name: string): string {
  return name.trim().replace(/^\[\[|\]\]$/g, '').replace(/\.md$/i, '').toLocaleLowerCase();
}

function stemOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '');
}

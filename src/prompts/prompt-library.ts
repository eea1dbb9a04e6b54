import { parsePromptNote, type PromptNote } from './prompt-note';

/** Default of the "Prompts folder" setting. */
export const DEFAULT_PROMPTS_FOLDER = 'Glassbox/Prompts';

/** Copilot's custom prompts folder, read too so people who switch keep their prompts. */
export const COPILOT_PROMPTS_FOLDER = 'copilot-custom-prompts';

/** What reading the prompts needs from a vault. */
export interface PromptNotes {
  /** Every Markdown note's vault path. */
  listPaths(): Promise<readonly string[]> | readonly string[];
  read(path: string): Promise<string>;
}

/**
 * The prompts of the vault: the notes directly in `folder` and in Copilot's folder, sorted by name.
 * When both folders hold a prompt of one name, ours wins (it is listed first and the other dropped).
 * A note that cannot be read is skipped: one broken note must not hide the others.
 */
export async function listPrompts(notes: PromptNotes, folder: string = DEFAULT_PROMPTS_FOLDER): Promise<PromptNote[]> {
  const folders = [folder, COPILOT_PROMPTS_FOLDER].map((name) => name.trim().replace(/^\/+|\/+$/g, '')).filter(Boolean);
  const paths = await notes.listPaths();
  const prompts: PromptNote[] = [];
  for (const dir of folders) {
    for (const path of paths.filter((candidate) => isDirectlyIn(candidate, dir)).sort()) {
      const text = await notes.read(path).catch(() => null);
      if (text === null) continue;
      const prompt = parsePromptNote(path, text);
      if (!prompts.some((known) => sameName(known.name, prompt.name))) prompts.push(prompt);
    }
  }
  return prompts.sort((a, b) => a.name.localeCompare(b.name));
}

/** The prompt named `name` (case-insensitive), or undefined. */
export function findPrompt(prompts: readonly PromptNote[], name: string): PromptNote | undefined {
  return prompts.find((prompt) => sameName(prompt.name, name.trim()));
}

/**
 * Up to three prompt names closest to a name that matched none: names that contain it or that it
 * contains first, then by edit distance (at most a third of the name's letters), for the sentence
 * of an unknown `--prompt`.
 */
export function closePromptNames(prompts: readonly PromptNote[], name: string): string[] {
  const wanted = name.trim().toLowerCase();
  const scored = prompts
    .map((prompt) => {
      const candidate = prompt.name.toLowerCase();
      const contains = candidate.includes(wanted) || wanted.includes(candidate);
      return { name: prompt.name, score: contains ? 0 : editDistance(wanted, candidate) };
    })
    .filter(({ score }) => score <= Math.max(2, Math.floor(wanted.length / 3)))
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return scored.slice(0, 3).map(({ name: close }) => close);
}

function isDirectlyIn(path: string, folder: string): boolean {
  return path.toLowerCase().endsWith('.md') && path.startsWith(`${folder}/`) && !path.slice(folder.length + 1).includes('/');
}

function sameName(a: string, b: string): boolean {
  return a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

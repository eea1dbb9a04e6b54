/** Where a prompt's variables are filled from: the plugin builds it on Obsidian, the CLI on the index. */
export interface PromptVariableSources {
  /** `{}` and `{selection}`: the editor's selection in the plugin, the question's text in the CLI. */
  readonly selection?: string;
  /** `{activeNote}`: the vault path of the note open in the editor. */
  readonly activeNote?: string;
  /** `{[[Note]]}`: a link to a vault path, resolved as a typed link is; undefined for no note. */
  resolveLink(linktext: string): string | undefined;
  /** `{#tag}`: the notes carrying the tag (nested tags included), newest first. */
  notesWithTag(tag: string): Promise<readonly string[]> | readonly string[];
  /** `{folder/}`: the notes in the folder and below it. */
  notesInFolder(folder: string): Promise<readonly string[]> | readonly string[];
  /** `{date}`: today, in the user's time zone. */
  readonly now: Date;
}

/** One variable as the trace's `context` step shows it: `{#meeting}` → `3 notes`. */
export interface FilledVariable {
  readonly variable: string;
  readonly filled: string;
}

/** A prompt with its variables filled: the question to send and the notes to attach. */
export interface ExpandedPrompt {
  readonly question: string;
  /** Vault paths the variables named, each once, in the order they appear: attached like chips. */
  readonly notes: readonly string[];
  readonly variables: readonly FilledVariable[];
}

/** Most notes one `{#tag}` or `{folder/}` attaches: the context budget cuts them further. */
export const MAX_NOTES_PER_VARIABLE = 20;

// Copilot's syntax: `{}`, `{selection}`, `{activeNote}`, `{[[Note]]}`, `{#tag}`, `{folder/}`, and
// our `{date}`. Anything else in braces (JSON in a prompt, `{name}` placeholders) is left as written.
const VARIABLE = /\{(\}|selection\}|activeNote\}|date\}|\[\[([^\]\n]+)\]\]\}|#([^\s{}#]+)\}|([^\s{}][^{}\n]*\/)\})/g;

/**
 * Fills a prompt's variables (DESIGN.md 12.4). The question reads as the user would write it: a note
 * variable becomes a `[[link]]` (a tag or folder: a sentence naming it) and the notes are returned to
 * be attached under the context budget, not pasted into the text. `{}` / `{selection}` is the
 * selection itself; a prompt without `{}` gets the selection (the CLI's question) after a blank line.
 * A variable with nothing to fill says so in the text, so the model is not left with a gap.
 */
export async function expandPrompt(template: string, sources: PromptVariableSources): Promise<ExpandedPrompt> {
  const notes: string[] = [];
  const variables: FilledVariable[] = [];
  const attach = (paths: readonly string[]) => {
    for (const path of paths) if (!notes.includes(path)) notes.push(path);
  };
  const fills: string[] = [];
  let usedSelection = false;
  for (const match of template.matchAll(VARIABLE)) {
    const [whole, , link, tag, folder] = match;
    const selection = sources.selection?.trim() ?? '';
    if (whole === '{}' || whole === '{selection}') {
      usedSelection = true;
      variables.push({ variable: whole, filled: selection === '' ? 'empty' : `${selection.length} characters` });
      fills.push(selection === '' ? '(nothing selected)' : selection);
    } else if (whole === '{activeNote}') {
      const path = sources.activeNote;
      if (path !== undefined) attach([path]);
      variables.push({ variable: whole, filled: path ?? 'no note open' });
      fills.push(path === undefined ? '(no note open)' : `[[${noteName(path)}]]`);
    } else if (whole === '{date}') {
      const today = isoDate(sources.now);
      variables.push({ variable: whole, filled: today });
      fills.push(today);
    } else if (link !== undefined) {
      const path = sources.resolveLink(link.split('|')[0].trim());
      if (path !== undefined) attach([path]);
      variables.push({ variable: whole, filled: path ?? 'no such note' });
      fills.push(`[[${link}]]`);
    } else {
      const paths = tag !== undefined ? await sources.notesWithTag(tag) : await sources.notesInFolder(folder.replace(/\/+$/, ''));
      const kept = paths.slice(0, MAX_NOTES_PER_VARIABLE);
      attach(kept);
      const count = paths.length > kept.length ? `${kept.length} of ${paths.length} notes` : `${kept.length} ${kept.length === 1 ? 'note' : 'notes'}`;
      variables.push({ variable: whole, filled: count });
      const what = tag !== undefined ? `the notes tagged #${tag}` : `the notes in ${folder}`;
      fills.push(kept.length === 0 ? `${what} (there are none)` : `${what} (${kept.map((path) => `[[${noteName(path)}]]`).join(', ')})`);
    }
  }
  let index = 0;
  let question = template.replace(VARIABLE, () => fills[index++]);
  const selection = sources.selection?.trim() ?? '';
  if (!usedSelection && selection !== '') question = `${question}\n\n${selection}`;
  return { question: question.trim(), notes, variables };
}

function noteName(path: string): string {
  return path.replace(/^.*\//, '').replace(/\.md$/i, '');
}

function isoDate(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

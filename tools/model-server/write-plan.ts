import type { AttachedNote, CallWithResult } from './chat-request';
import { quoteLines, titleOf, wikilink, type Quote } from './pick-quotes';
import { sentencesOf } from './tool-output-parsing';
import type { TextChange, WriteRequest } from './write-request';

/** The plugin's note-writing tools (src/writes/write-tools.ts). */
export const WRITE_TOOLS = ['createNote', 'appendToNote', 'editNote'] as const;
type WriteToolName = (typeof WRITE_TOOLS)[number];

/** What the model does next for a write: call a tool, read the note first, look for the topic first, or answer. */
export type WriteStep =
  | { readonly kind: 'write'; readonly tool: WriteToolName; readonly args: Record<string, string>; readonly reasoning: string }
  | { readonly kind: 'read'; readonly path: string }
  | { readonly kind: 'research' }
  | { readonly kind: 'answer'; readonly text: string; readonly reasoning: string };

/** What the run knows when it plans a write. */
export interface WriteContext {
  readonly attached: readonly AttachedNote[];
  readonly calls: readonly CallWithResult[];
  /** Quotes from the notes read about the request's topic (once searched and read). */
  readonly quotes: readonly Quote[];
  /** Whether the topic search ran and its notes were read (or it found none). */
  readonly researched: boolean;
}

/**
 * The next step of a write the question asks for. It writes once: after the write tool's result
 * it answers with the outcome (written, declined by the user, or refused with the tool's reason).
 * An edit rewrites the sentence that holds the words to change, so the card's diff marks just
 * them; content asked for by topic ("Add what we decided about pricing to …") is looked up first.
 */
export function planWrite(request: WriteRequest, context: WriteContext): WriteStep {
  const done = context.calls.find((call) => (WRITE_TOOLS as readonly string[]).includes(call.name) && call.result !== undefined);
  if (done) return outcome(done);
  const path = targetPath(request, context.attached);
  if (path === undefined) return { kind: 'answer', text: 'Which note should I change? Name it with a [[link]] or open it.', reasoning: 'The request names no note and none is open.' };
  const title = wikilink(path);

  if (request.kind === 'edit') {
    const text = context.attached.find((note) => note.path === path && !note.selection)?.text ?? readResult(context.calls, path);
    if (text === undefined) return { kind: 'read', path };
    const edit = sentenceEdit(text, request.changes);
    if (typeof edit === 'string') return { kind: 'answer', text: `I could not find "${edit}" in ${title}, so I changed nothing.`, reasoning: `"${edit}" is not in the note.` };
    return { kind: 'write', tool: 'editNote', args: { path, ...edit }, reasoning: `I will change ${request.changes.map((change) => `"${change.from}" to "${change.to}"`).join(' and ')} in ${title}.` };
  }

  let body = request.content;
  if (body === undefined && request.topic !== undefined) {
    if (!context.researched) return { kind: 'research' };
    if (context.quotes.length === 0) return { kind: 'answer', text: `I found nothing about ${request.topic} in your notes to write into ${title}.`, reasoning: 'The notes I read say nothing about it.' };
    body = quoteLines(context.quotes);
  }
  if (request.kind === 'create') {
    const content = `# ${titleOf(path)}\n\n${body !== undefined ? `${body}\n` : ''}`;
    return { kind: 'write', tool: 'createNote', args: { path, content }, reasoning: `I will create ${title}.` };
  }
  if (body === undefined) return { kind: 'answer', text: `What should I add to ${title}? Put the text in quotes or after a colon.`, reasoning: 'The request says where to add, not what.' };
  const content = request.topic !== undefined && request.content === undefined ? `\n## ${capitalised(request.topic)}\n\n${body}\n` : `${body}\n`;
  return { kind: 'write', tool: 'appendToNote', args: { path, content }, reasoning: `I will add it at the end of ${title}.` };
}

/** The answer once the write tool has answered. */
function outcome(call: CallWithResult): WriteStep {
  const path = typeof call.args.path === 'string' ? call.args.path : 'the note';
  const result = (call.result ?? '').trim();
  const title = wikilink(path);
  if (/^(Created|Appended to|Edited) /.test(result)) {
    const size = /\(([^)]*lines)\)/.exec(result)?.[1];
    const verb = call.name === 'createNote' ? 'created' : call.name === 'appendToNote' ? 'added to' : 'edited';
    return { kind: 'answer', text: `Done: I ${verb} ${title}${size ? ` (${size})` : ''}.`, reasoning: 'The change was approved and written.' };
  }
  if (/declined/i.test(result)) return { kind: 'answer', text: `I left ${title} as it was: you declined the change.`, reasoning: 'The user declined the change.' };
  return { kind: 'answer', text: `I could not change ${title}: ${result}`, reasoning: 'The write was refused.' };
}

/** The vault path the request writes: a typed name or [[link]] (matched to an attached note when one has that name), else the open note. */
function targetPath(request: WriteRequest, attached: readonly AttachedNote[]): string | undefined {
  if (request.kind === 'create') {
    const name = request.target.replace(/\.md$/i, '');
    return `${request.folder !== undefined ? `${request.folder.replace(/\/+$/, '')}/` : ''}${name}.md`;
  }
  if (request.target !== undefined) {
    const wanted = request.target.replace(/\.md$/i, '').toLowerCase();
    const match = attached.find((note) => note.path.replace(/\.md$/i, '').toLowerCase() === wanted || titleOf(note.path).toLowerCase() === wanted);
    return match?.path ?? `${request.target.replace(/\.md$/i, '')}.md`;
  }
  const notes = [...new Set(attached.map((note) => note.path))];
  return notes.length === 1 ? notes[0] : undefined;
}

/** The text readNote returned for `path` in this run, when it was read. */
function readResult(calls: readonly CallWithResult[], path: string): string | undefined {
  return calls.find((call) => call.name === 'readNote' && call.args.path === path && call.result !== undefined)?.result;
}

/**
 * The editNote arguments that make `changes` in `text`: the sentence holding the first word to
 * change (when it occurs once in the note) with every change made in it; or the first `from`
 * that is not in the note.
 */
function sentenceEdit(text: string, changes: readonly TextChange[]): { find: string; replace: string } | string {
  const missing = changes.find((change) => !text.includes(change.from));
  if (missing) return missing.from;
  const first = changes[0];
  const sentence = sentencesOf(text).find((candidate) => candidate.includes(first.from) && text.split(candidate).length === 2);
  const find = sentence ?? first.from;
  const inFind = sentence === undefined ? [first] : changes.filter((change) => sentence.includes(change.from));
  return { find, replace: inFind.reduce((result, change) => result.replace(change.from, change.to), find) };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

import * as z from 'zod/v4';
import { ToolCallRefusal, type AgentApprovalChoice, type AgentTool, type AgentToolApproval, type AgentToolResult } from '../agent';
import { changeUndo } from './change-undo';
import { describeNoteChange } from './note-change';
import type { NoteChangeLog } from './note-change-log';
import type { NoteWriter } from './note-writer';
import { checkWritePath } from './write-path';
import { t } from '../i18n';

/** What the model reads when the user rejects a write (DESIGN.md 11.2). */
export const DECLINED_CHANGE_OUTPUT = 'The user declined this change.';

/** The approval scope of every note write: "Approve the rest of this run" covers all three tools. */
export const WRITE_SCOPE = 'writes';

/** The card's buttons for a write, in the UI's language. */
function writeChoices(): readonly AgentApprovalChoice[] {
  return [
    { decision: 'allow_once', label: t('approval.approve') },
    { decision: 'deny', label: t('approval.reject') },
    { decision: 'allow_run', label: t('approval.approveRun') },
  ];
}

const pathField = z.string().min(1).describe('The note: a vault-relative path ending in .md, e.g. "Projects/Plan.md".');
const createSchema = z.object({ path: pathField, content: z.string().describe('The whole Markdown text of the new note.') });
const appendSchema = z.object({ path: pathField, content: z.string().min(1).describe('Markdown to add at the end of the note.') });
const editSchema = z.object({
  path: pathField,
  find: z.string().min(1).describe('Text to replace, copied exactly from the note; it must occur exactly once.'),
  replace: z.string().describe('The text to put in its place (empty to delete it).'),
});

/** What the write tools need: where notes are written, the conversations folder, and the undo log. */
export interface WriteToolsOptions {
  readonly writer: NoteWriter;
  /** The conversations folder now (a setting): writes there are refused. */
  readonly conversationsFolder: () => string;
  /** Where each change made is kept for undo (the plugin's command); the CLI has none. */
  readonly changes?: NoteChangeLog;
}

/**
 * The note-writing tools (DESIGN.md 11.2): `createNote`, `appendToNote`, `editNote`. Every call
 * is approved first: describing the call reads the note and computes the change, so the card
 * shows the diff, and a call that cannot work (a bad path, an existing note, a find that does not
 * occur exactly once) is refused before any card. Running it checks again on the note as it is
 * then, since it may have changed while the card waited.
 */
export function createWriteTools(options: WriteToolsOptions): AgentTool[] {
  const { writer } = options;
  const checkedPath = (raw: string): string => {
    const checked = checkWritePath(raw, { conversationsFolder: options.conversationsFolder() });
    if (!checked.ok) throw new ToolCallRefusal(`${checked.reason}. Nothing was written.`);
    return checked.path;
  };

  /** The text `path` would hold after the call, from its text now; throws a refusal when it cannot. */
  type Plan = (current: string | null, path: string) => string;
  const approval = (title: 'approval.createNote' | 'approval.appendToNote' | 'approval.editNote', plan: (args: never) => Plan, mustBeFree = false): AgentToolApproval => ({
    scope: WRITE_SCOPE,
    choices: writeChoices(),
    declinedOutput: DECLINED_CHANGE_OUTPUT,
    decisionNotes: { allow_once: t('approval.noteApproved'), allow_run: t('approval.noteApprovedRun'), deny: t('approval.noteRejected') },
    describe: async (args) => {
      const { path: raw } = args as { path: string };
      const path = checkedPath(raw);
      if (mustBeFree) await ensureFree(path);
      const before = await writer.read(path);
      const after = plan(args as never)(before, path);
      return { title: t(title, { path }), change: describeNoteChange(path, before ?? '', after) };
    },
  });

  const ensureFree = async (path: string): Promise<void> => {
    if (await writer.exists(path)) throw new ToolCallRefusal(`a note or file already exists at "${path}" and createNote never overwrites. Use appendToNote or editNote to change a note, or choose another path.`);
  };
  const createPlan =
    (args: z.infer<typeof createSchema>): Plan =>
    (current, path) => {
      if (current !== null) throw new ToolCallRefusal(`a note already exists at "${path}" and createNote never overwrites. Use appendToNote or editNote to change it, or choose another path.`);
      return args.content;
    };
  const appendPlan =
    (args: z.infer<typeof appendSchema>): Plan =>
    (current, path) => {
      if (current === null) throw new ToolCallRefusal(`there is no note at "${path}". Use createNote to make it.`);
      return appendText(current, args.content);
    };
  const editPlan =
    (args: z.infer<typeof editSchema>): Plan =>
    (current, path) => {
      if (current === null) throw new ToolCallRefusal(`there is no note at "${path}". Nothing was changed.`);
      const count = countOccurrences(current, args.find);
      if (count === 0) throw new ToolCallRefusal(`the text to find does not occur in "${path}". Nothing was changed; read the note and copy the text exactly.`);
      if (count > 1) throw new ToolCallRefusal(`the text to find occurs ${count} times in "${path}". Nothing was changed; include more of the surrounding text so that it occurs exactly once.`);
      const at = current.indexOf(args.find);
      return current.slice(0, at) + args.replace + current.slice(at + args.find.length);
    };

  /** Applies a plan to an existing note in one atomic step and logs the change. */
  const change = async (path: string, plan: Plan): Promise<{ before: string; after: string }> => {
    let before = '';
    const after = await writer.process(path, (current) => {
      before = current;
      return plan(current, path);
    });
    options.changes?.record({ path, before, after });
    return { before, after };
  };
  /** The tool's result: the model's sentence, and the change as made, with its undo record, for the trace. */
  const written = (verb: string, path: string, before: string | null, after: string): AgentToolResult => {
    const made = describeNoteChange(path, before ?? '', after);
    return { output: `${verb} ${path} (+${made.added} −${made.removed} lines).`, change: { ...made, undo: changeUndo(before, after) } };
  };

  const createNote: AgentTool<typeof createSchema> = {
    name: 'createNote',
    description: 'Creates a new Markdown note in the vault. Never overwrites: fails when the note exists. The user approves every change.',
    compactDescription: 'Create a note (never overwrites); the user approves.',
    schema: createSchema,
    approval: approval('approval.createNote', createPlan, true),
    describeStart: (args) => t('trace.create', { path: args.path }),
    describeEnd: (args) => t('trace.created', { path: args.path }),
    execute: async (args) => {
      const path = checkedPath(args.path);
      await ensureFree(path);
      await writer.create(path, args.content);
      options.changes?.record({ path, before: null, after: args.content });
      return written('Created', path, null, args.content);
    },
  };
  const appendToNote: AgentTool<typeof appendSchema> = {
    name: 'appendToNote',
    description: 'Adds Markdown at the end of an existing note. The user approves every change.',
    compactDescription: 'Add Markdown at the end of a note; the user approves.',
    schema: appendSchema,
    approval: approval('approval.appendToNote', appendPlan),
    describeStart: (args) => t('trace.appendTo', { path: args.path }),
    describeEnd: (args) => t('trace.appendedTo', { path: args.path }),
    execute: async (args) => {
      const path = checkedPath(args.path);
      if ((await writer.read(path)) === null) appendPlan(args)(null, path);
      const { before, after } = await change(path, appendPlan(args));
      return written('Appended to', path, before, after);
    },
  };
  const editNote: AgentTool<typeof editSchema> = {
    name: 'editNote',
    description: 'Replaces one passage of an existing note: `find` must occur exactly once in the note, copied exactly. The user approves every change.',
    compactDescription: 'Replace `find` (once in the note, copied exactly) with `replace`; the user approves.',
    schema: editSchema,
    approval: approval('approval.editNote', editPlan),
    describeStart: (args) => t('trace.edit', { path: args.path }),
    describeEnd: (args) => t('trace.edited', { path: args.path }),
    execute: async (args) => {
      const path = checkedPath(args.path);
      if ((await writer.read(path)) === null) editPlan(args)(null, path);
      const { before, after } = await change(path, editPlan(args));
      return written('Edited', path, before, after);
    },
  };
  return [createNote, appendToNote, editNote] as AgentTool[];
}

/** The note with `addition` at its end, on a line of its own. */
export function appendText(current: string, addition: string): string {
  if (current === '' || current.endsWith('\n')) return current + addition;
  return `${current}\n${addition}`;
}

/** Non-overlapping occurrences of `find` in `text`. */
export function countOccurrences(text: string, find: string): number {
  let count = 0;
  for (let at = text.indexOf(find); at !== -1; at = text.indexOf(find, at + find.length)) count += 1;
  return count;
}

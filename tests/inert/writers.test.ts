import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// DESIGN.md 13.1: every write of model-, tool- or note-derived text into a file Glassbox creates
// or changes goes through the one check, `inertFileText` (src/inert). This lists every call in
// src/ that writes a file or a note and fails on one that neither hands its text to
// `inertFileText` in the same statement nor is listed below with the reason it writes no such text.

const SRC = join(__dirname, '..', '..', 'src');
const WRITE_CALL = /\b(?:vault\.(?:create|modify|process|append|createBinary|modifyBinary)|adapter\.(?:write|append|writeBinary)|writer\.process|writeFile|appendFile|writeFileSync|createWriteStream|handle\.write|replaceRange|writeNoteAtomically)\(/;

/** Writes that put no model, tool or note text in a file, by file and the call's line. */
const NOT_MODEL_TEXT: Readonly<Record<string, string>> = {
  'src/obsidian/notes/conversations-base-file.ts: if (vault.getAbstractFileByPath(path) === null) await vault.create(path, conversationsBaseText(folder));':
    'the Conversations.base file: Glassbox\'s own YAML around the folder the user chose',
  'src/obsidian/notes/obsidian-note-writer.ts: await this.app.vault.create(path, content);': 'createNote, approved by the user: written as approved',
  'src/obsidian/notes/obsidian-note-writer.ts: if (editor === null) return this.app.vault.process(file, change);':
    'a note write the user approved on its diff card: written as approved (docs/decisions/note-writes.md)',
  'src/obsidian/notes/obsidian-note-writer.ts: editor.replaceRange(next.slice(start, next.length - end), editor.offsetToPos(start), editor.offsetToPos(current.length - end));':
    'the same approved note write, through the open editor',
  'src/obsidian/search/obsidian-vault-source.ts: await adapter.writeBinary(path, data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer);':
    'the search index on the device (binary, not a note)',
  'src/obsidian/search/obsidian-vault-source.ts: await adapter.write(path, bytesToBase64(data));': 'the search index, base64 (not a note)',
  'src/obsidian/chat/vault-context-sources.ts: const file = await this.app.vault.createBinary(path, image.data);': 'an image the user pasted',
  'src/obsidian/prompt-commands.ts: const file = await vault.create(path, NEW_PROMPT);': 'the fixed text of a new prompt note',
  'src/cli/node-note-writer.ts: await handle.writeFile(content, \'utf8\');': 'a note write the user approved (or --allow-writes): written as approved',
  'src/cli/node-note-writer.ts: await handle.write(next, 0, \'utf8\');': 'the same approved note write',
  'src/cli/vault-note-file.ts: await writeFile(temporary, text, { encoding: \'utf8\', flag: \'wx\' });':
    'inside writeNoteAtomically, whose callers are checked here',
  'src/cli/vault-note-file.ts: export async function writeNoteAtomically(folder: string, name: string, text: string, options: { exclusive?: boolean } = {}): Promise<void> {':
    'its definition',
  'src/cli/vault-note-file.ts: await handle.writeFile(token);': 'a lock file holding a process id and a random token',
  "src/cli/vault-note-file.ts: await writeFile(marker, String(process.pid), { flag: 'wx' });": 'the marker of a stale lock being taken over: a process id',
  'src/obsidian/workspace/saved-sessions.ts: return this.options.adapter.write(this.options.path, text).catch(() => {': "the sessions' saved state: JSON in the plugin's folder with the text the user is typing, no note",
  "src/cli/write-out-file.ts: await writeFile(path, text, { encoding: 'utf8', flag: force ? 'w' : 'wx' });": '`export --out`: export-command.ts hands it inertFileText(...) of the export',
  'src/writes/write-tools.ts: const after = await writer.process(path, (current) => {': 'an approved note write (createNote, appendToNote, editNote)',
  'src/writes/undo-turn.ts: await writer.process(revert.path, (now) => {': 'undoing an approved write: the note as it was',
  'src/writes/note-change-log.ts: await writer.process(last.path, (now) => {': '"Undo the last change": the note as it was',
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The statement starting at `line`: up to the line where the call's parentheses close (at most 12 lines). */
function statement(lines: readonly string[], line: number): string {
  let depth = 0;
  let text = '';
  for (let index = line; index < Math.min(lines.length, line + 12); index += 1) {
    text += `${lines[index]}\n`;
    for (const character of lines[index]) depth += character === '(' ? 1 : character === ')' ? -1 : 0;
    if (depth <= 0 && index > line - 1) break;
  }
  return text;
}

function writeCalls(): { key: string; statement: string }[] {
  const calls: { key: string; statement: string }[] = [];
  for (const file of sourceFiles(SRC)) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      const trimmed = line.trim();
      if (trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('import ') || !WRITE_CALL.test(line)) return;
      calls.push({ key: `${relative(join(SRC, '..'), file).split('\\').join('/')}: ${trimmed}`, statement: statement(lines, index) });
    });
  }
  return calls;
}

describe('the writers of src/', () => {
  const calls = writeCalls();

  it('finds the writes it knows: conversation notes, exports and Insert at cursor among them', () => {
    const keys = calls.map((call) => call.key.slice(0, call.key.indexOf(':')));
    for (const file of ['src/obsidian/notes/conversation-store.ts', 'src/cli/node-conversation-store.ts', 'src/obsidian/notes/export-conversation-note.ts', 'src/cli/write-out-file.ts', 'src/obsidian/insert-answer.ts']) {
      expect(keys).toContain(file);
    }
  });

  it('sends every write of model, tool or note text through inertFileText', () => {
    const bypassing = calls.filter((call) => !(call.key in NOT_MODEL_TEXT) && !call.statement.includes('inertFileText(') && !isInsertAfterCheck(call));
    expect(bypassing.map((call) => call.key)).toEqual([]);
  });

  it('lists no write that is gone (the list stays exact)', () => {
    const found = new Set(calls.map((call) => call.key));
    expect(Object.keys(NOT_MODEL_TEXT).filter((key) => !found.has(key))).toEqual([]);
  });
});

/** Insert at cursor checks the note's whole new text on the line before its `replaceRange`. */
function isInsertAfterCheck(call: { key: string }): boolean {
  if (!call.key.startsWith('src/obsidian/insert-answer.ts: editor.replaceRange(')) return false;
  const text = readFileSync(join(SRC, 'obsidian', 'insert-answer.ts'), 'utf8');
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.includes('editor.replaceRange('));
  return lines[at - 1]?.includes('inertFileText(') === true;
}

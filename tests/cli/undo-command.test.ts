import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerAlternates, parseConversationNote, serializeConversationNote, shownAtFor, type Conversation } from '../../src/conversation';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';

// `glassbox undo --vault DIR NOTE` (DESIGN.md 12.3): the built CLI as a user runs it. A first
// process asks (the real openai SDK against the scripted model server) and saves the turn; a
// second one, with nothing but the saved note, takes its changes back.

const MEETING = '# Standup\n\n- Ana: shipped the export\n- Ben: reviewing refunds\n';
const LOG = 'Day one.\n';
let cli: BuiltCli;
let server: ModelServer;
let vault: string;

beforeAll(async () => {
  cli = await buildCli();
  server = await startModelServer({
    scenarios: {
      tidy: scenario()
        .turn((t) =>
          t
            .toolCall('createNote', { path: 'Ideas/Garden.md', content: '# Garden\n' }, { id: 'call_1' })
            .toolCall('editNote', { path: 'Meetings/Standup.md', find: 'reviewing refunds', replace: 'shipped refunds' }, { id: 'call_2' })
            .toolCall('appendToNote', { path: 'Log.md', content: 'Day two.\n' }, { id: 'call_3' }),
        )
        .turn((t) => t.text('Tidied up.')),
      chat: scenario().turn((t) => t.text('Nothing to change.')),
    },
  });
});

afterAll(async () => {
  await server.close();
  await cli.remove();
});

beforeEach(async () => {
  vault = await mkdtemp(join(tmpdir(), 'glassbox-cli-undo-'));
  await mkdir(join(vault, 'Meetings'));
  await writeFile(join(vault, 'Meetings', 'Standup.md'), MEETING);
  await writeFile(join(vault, 'Log.md'), LOG);
});

afterEach(() => rm(vault, { recursive: true, force: true }));

const read = (path: string) => readFile(join(vault, ...path.split('/')), 'utf8').catch(() => null);

/** Runs `ask --save` with the scenario and returns the saved note's vault path. */
async function askAndSave(model: string): Promise<string> {
  const outcome = await cli.run(['ask', '--vault', vault, '--base-url', server.url, '--model', model, '--allow-writes', '--save', 'Tidy up.']);
  expect(outcome.status).toBe(0);
  const saved = /^saved: (.+)$/m.exec(outcome.stderr)?.[1];
  if (saved === undefined) throw new Error(`nothing saved: ${outcome.stderr}`);
  return saved;
}

describe('glassbox undo', () => {
  it('takes back the last turn’s create, edit and append: exit 0, one line naming what it did', async () => {
    const saved = await askAndSave('tidy');
    expect(await read('Ideas/Garden.md')).toBe('# Garden\n');
    expect(await read('Log.md')).toBe('Day one.\nDay two.\n');

    const outcome = await cli.run(['undo', '--vault', vault, saved]);

    expect(outcome).toMatchObject({ status: 0, stdout: 'Undid this turn: moved Ideas/Garden.md to the trash; restored Meetings/Standup.md and Log.md.\n', stderr: '' });
    expect(await read('Ideas/Garden.md')).toBeNull();
    // In the vault's trash, where Obsidian's own "Move to Obsidian trash" puts files.
    expect(await read('.trash/Garden.md')).toBe('# Garden\n');
    expect(await read('Meetings/Standup.md')).toBe(MEETING);
    expect(await read('Log.md')).toBe(LOG);
  });

  it('after a hand edit: exit 1, one sentence naming the note, and no note changed', async () => {
    const saved = await askAndSave('tidy');
    await writeFile(join(vault, 'Meetings', 'Standup.md'), `${MEETING}- Carla: out today\n`);

    const outcome = await cli.run(['undo', '--vault', vault, saved]);

    expect(outcome).toMatchObject({ status: 1, stdout: '', stderr: 'Nothing was undone: Meetings/Standup.md changed since this turn wrote it.\n' });
    expect(await read('Ideas/Garden.md')).toBe('# Garden\n');
    expect(await read('Meetings/Standup.md')).toBe(`${MEETING}- Carla: out today\n`);
    expect(await read('Log.md')).toBe('Day one.\nDay two.\n');
  });

  it('a turn that changed nothing, a note that is not there, and no note named: one sentence each', async () => {
    const saved = await askAndSave('chat');
    expect(await cli.run(['undo', '--vault', vault, saved])).toMatchObject({ status: 1, stderr: 'This turn changed no notes, so there is nothing to undo.\n' });
    expect(await cli.run(['undo', '--vault', vault, 'Nowhere.md'])).toMatchObject({ status: 1, stderr: 'There is no note "Nowhere.md" in the vault.\n' });
    expect(await cli.run(['undo', '--vault', vault, 'Log.md'])).toMatchObject({ status: 1, stderr: '"Log.md" is not a Glassbox conversation note.\n' });
    expect((await cli.run(['undo', '--vault', vault])).status).toBe(2);
  });

  it('acts on the answer the chat shows when the last answer was regenerated', async () => {
    const saved = await askAndSave('tidy');
    const note = parseConversationNote(await read(saved) ?? '');
    if (!note.ok) throw note.error;
    const [question, writer] = note.value.messages;
    // "Regenerate" in the chat: a second answer to the same question that wrote nothing, shown.
    const alternate = { id: 'msg-again', role: 'assistant' as const, at: (writer.at ?? 0) + 60_000, content: 'Nothing to tidy.', alternateOf: writer.id! };
    const withAlternate: Conversation = { ...note.value, messages: [question, writer, alternate] };
    await writeFile(join(vault, ...saved.split('/')), serializeConversationNote(withAlternate));

    expect(await cli.run(['undo', '--vault', vault, saved])).toMatchObject({ status: 1, stderr: 'This turn changed no notes, so there is nothing to undo.\n' });
    expect(await read('Ideas/Garden.md')).toBe('# Garden\n');

    // Switched back to the first answer (the one whose run wrote): undo takes its changes back.
    const shownAt = shownAtFor(answerAlternates(withAlternate.messages).get(writer.id!)!.answers, Date.now());
    await writeFile(join(vault, ...saved.split('/')), serializeConversationNote({ ...withAlternate, messages: [question, { ...writer, shownAt }, alternate] }));
    expect((await cli.run(['undo', '--vault', vault, saved])).status).toBe(0);
    expect(await read('Ideas/Garden.md')).toBeNull();
    expect(await read('Log.md')).toBe(LOG);
  });
});

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAgent } from '../../src/agent/run-agent';
import type { AgentApprovalGate } from '../../src/agent/approval';
import { NodeNoteWriter } from '../../src/cli/node-note-writer';
import { setUiLanguage } from '../../src/i18n';
import { createOpenAiChatModel } from '../../src/llm';
import { composeAssistantContent, parseAssistantContent, type ReasoningPayload } from '../../src/markers';
import { undoTurn, type NoteWriter } from '../../src/writes';
import { createWriteTools } from '../../src/writes/write-tools';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';

// "Undo this turn" (DESIGN.md 12.3) through the real runner and the real openai SDK over HTTP to
// the scripted model server, writing a real folder; the undo reads the trace as saved in a
// message's content (what a restart has), not the run's memory.

const MEETING = '# Standup\n\n- Ana: shipped the export\n- Ben: reviewing refunds\n';
const LOG = 'Day one.';
const GARDEN = '# Garden\n\nPlant tomatoes.\n';

let server: ModelServer;
let vault: string;

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      'create-edit-append': scenario()
        .turn((t) =>
          t
            .toolCall('createNote', { path: 'Ideas/Garden.md', content: GARDEN }, { id: 'call_1' })
            .toolCall('editNote', { path: 'Meetings/Standup.md', find: 'reviewing refunds', replace: 'shipped refunds' }, { id: 'call_2' })
            .toolCall('appendToNote', { path: 'Log.md', content: 'Day two.\n' }, { id: 'call_3' }),
        )
        .turn((t) => t.toolCall('appendToNote', { path: 'Ideas/Garden.md', content: 'Water daily.\n' }, { id: 'call_4' }).toolCall('editNote', { path: 'Meetings/Standup.md', find: '# Standup', replace: '# Standup (done)' }, { id: 'call_5' }))
        .turn((t) => t.text('Done.')),
      'one-declined': scenario()
        .turn((t) => t.toolCall('appendToNote', { path: 'Log.md', content: 'Declined.\n' }, { id: 'call_1' }))
        .turn((t) => t.text('Done.')),
    },
  });
});

afterAll(() => server.close());

beforeEach(async () => {
  vault = await mkdtemp(join(tmpdir(), 'glassbox-undo-turn-'));
  await mkdir(join(vault, 'Meetings'));
  await writeFile(join(vault, 'Meetings', 'Standup.md'), MEETING);
  await writeFile(join(vault, 'Log.md'), LOG);
});

afterEach(() => rm(vault, { recursive: true, force: true }));

const allowAll: AgentApprovalGate = { remembered: () => undefined, ask: () => Promise.resolve('allow_run'), remember: () => undefined };
const denyAll: AgentApprovalGate = { remembered: () => undefined, ask: () => Promise.resolve('deny'), remember: () => undefined };

/** Runs the scenario and returns its trace as a reader of the saved message gets it back. */
async function savedTrace(model: string, approvals: AgentApprovalGate): Promise<ReasoningPayload> {
  const result = await runAgent({
    model: createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }),
    modelName: model,
    tools: createWriteTools({ writer: new NodeNoteWriter(vault), conversationsFolder: () => 'Glassbox/Conversations' }),
    question: 'Tidy up.',
    history: [],
    signal: new AbortController().signal,
    onEvent: () => undefined,
    approvals,
  });
  const reasoning = parseAssistantContent(composeAssistantContent(result.payload, result.answer)).reasoning;
  if (reasoning === null) throw new Error('the saved message has no trace');
  return reasoning;
}

const read = (path: string) => readFile(join(vault, ...path.split('/')), 'utf8');
const exists = (path: string) => read(path).then(
  () => true,
  () => false,
);

/** The vault's notes, path → text. */
async function snapshot(): Promise<Record<string, string | null>> {
  const paths = ['Meetings/Standup.md', 'Log.md', 'Ideas/Garden.md'];
  const texts = await Promise.all(paths.map((path) => read(path).catch(() => null)));
  return Object.fromEntries(paths.map((path, index) => [path, texts[index]]));
}

describe('undo this turn', () => {
  it('takes back a create, two edits and two appends from the saved trace: the created note goes, the others are as before', async () => {
    const trace = await savedTrace('create-edit-append', allowAll);
    expect(await read('Meetings/Standup.md')).toBe('# Standup (done)\n\n- Ana: shipped the export\n- Ben: shipped refunds\n');
    expect(await read('Log.md')).toBe('Day one.\nDay two.\n');
    expect(await read('Ideas/Garden.md')).toBe(`${GARDEN}Water daily.\n`);
    const removed: string[] = [];
    const writer = new NodeNoteWriter(vault);
    const tracking: NoteWriter = { read: (path) => writer.read(path), exists: (path) => writer.exists(path), create: (path, text) => writer.create(path, text), process: (path, change) => writer.process(path, change), remove: (path) => (removed.push(path), writer.remove(path)) };

    const outcome = await undoTurn(trace.steps, tracking);

    expect(outcome).toEqual({ undone: true, message: 'Undid this turn: moved Ideas/Garden.md to the trash; restored Meetings/Standup.md and Log.md.' });
    expect(removed).toEqual(['Ideas/Garden.md']);
    expect(await exists('Ideas/Garden.md')).toBe(false);
    expect(await read('.trash/Garden.md')).toBe(`${GARDEN}Water daily.\n`);
    expect(await read('Meetings/Standup.md')).toBe(MEETING);
    expect(await read('Log.md')).toBe(LOG);
  });

  it('refuses and changes nothing when a note was edited by hand since; names that note', async () => {
    const trace = await savedTrace('create-edit-append', allowAll);
    await writeFile(join(vault, 'Log.md'), 'Day one.\nDay two, by hand.\n');
    const before = await snapshot();

    const outcome = await undoTurn(trace.steps, new NodeNoteWriter(vault));

    expect(outcome).toEqual({ undone: false, message: 'Nothing was undone: Log.md changed since this turn wrote it.' });
    expect(await snapshot()).toEqual(before);
  });

  it('an edit by hand that keeps the note’s length is still seen', async () => {
    const trace = await savedTrace('create-edit-append', allowAll);
    await writeFile(join(vault, 'Meetings', 'Standup.md'), (await read('Meetings/Standup.md')).replace('Ana', 'Ada'));
    await writeFile(join(vault, 'Ideas', 'Garden.md'), (await read('Ideas/Garden.md')).replace('daily', 'often'));
    const before = await snapshot();

    const outcome = await undoTurn(trace.steps, new NodeNoteWriter(vault));

    expect(outcome.message).toBe('Nothing was undone: Ideas/Garden.md and Meetings/Standup.md changed since this turn wrote them.');
    expect(await snapshot()).toEqual(before);
  });

  it('says why nothing was undone in the UI’s language (issue 29: a German notice, the notes listed in German)', async () => {
    const trace = await savedTrace('create-edit-append', allowAll);
    await writeFile(join(vault, 'Meetings', 'Standup.md'), (await read('Meetings/Standup.md')).replace('Ana', 'Ada'));
    await writeFile(join(vault, 'Ideas', 'Garden.md'), (await read('Ideas/Garden.md')).replace('daily', 'often'));
    setUiLanguage('de');
    try {
      const outcome = await undoTurn(trace.steps, new NodeNoteWriter(vault));
      expect(outcome.message).toBe('Nichts wurde rückgängig gemacht: Ideas/Garden.md und Meetings/Standup.md wurden geändert, seit dieser Durchgang sie schrieb.');
    } finally {
      setUiLanguage('en');
    }
  });

  it('a note already as it was before the turn (the created note deleted by hand) is left alone; the rest is undone', async () => {
    const trace = await savedTrace('create-edit-append', allowAll);
    await rm(join(vault, 'Ideas', 'Garden.md'));

    const outcome = await undoTurn(trace.steps, new NodeNoteWriter(vault));

    expect(outcome).toEqual({ undone: true, message: 'Undid this turn: restored Meetings/Standup.md and Log.md.' });
    expect(await read('Meetings/Standup.md')).toBe(MEETING);
    expect(await read('Log.md')).toBe(LOG);
  });

  it('a second undo says it is done already and changes nothing', async () => {
    const trace = await savedTrace('create-edit-append', allowAll);
    await undoTurn(trace.steps, new NodeNoteWriter(vault));
    const outcome = await undoTurn(trace.steps, new NodeNoteWriter(vault));
    expect(outcome).toEqual({ undone: false, message: 'This turn’s changes are already undone.' });
    expect(await read('Log.md')).toBe(LOG);
  });

  it('a turn whose writes were declined has nothing to undo', async () => {
    const trace = await savedTrace('one-declined', denyAll);
    expect(await undoTurn(trace.steps, new NodeNoteWriter(vault))).toEqual({ undone: false, message: 'This turn changed no notes, so there is nothing to undo.' });
  });

  it('a trace saved before undo records existed is refused with a sentence, nothing changed', async () => {
    const trace = await savedTrace('create-edit-append', allowAll);
    const old = trace.steps.map((step) => (step.tool?.change === undefined ? step : { ...step, tool: { ...step.tool, change: { ...step.tool.change, undo: undefined } } }));
    const before = await snapshot();
    expect(await undoTurn(old, new NodeNoteWriter(vault))).toEqual({ undone: false, message: 'This turn was saved without what undo needs (by an older Glassbox), so nothing was undone.' });
    expect(await snapshot()).toEqual(before);
  });
});

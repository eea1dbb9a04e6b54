import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAgent } from '../../src/agent/run-agent';
import type { AgentApprovalDecision, AgentApprovalGate, AgentApprovalRequest } from '../../src/agent/approval';
import type { AgentEvent } from '../../src/agent/events';
import { NodeNoteWriter } from '../../src/cli/node-note-writer';
import { createOpenAiChatModel } from '../../src/llm';
import { NoteChangeLog } from '../../src/writes';
import { DECLINED_CHANGE_OUTPUT, createWriteTools } from '../../src/writes/write-tools';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';

// The write tools through the real runner and the real openai SDK over HTTP to the scripted
// model server on loopback, writing a real folder on disk.

const MEETING = '# Standup\n\n- Ana: shipped the export\n- Ben: reviewing refunds\n';

const oneCall = (name: string, args: Record<string, unknown>) =>
  scenario()
    .turn((t) => t.toolCall(name, args, { id: 'call_1' }))
    .turn((t) => t.text('Done.'));

let server: ModelServer;
let vault: string;
let outside: string;

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      create: oneCall('createNote', { path: 'Ideas/Garden.md', content: '# Garden\n\nPlant tomatoes.\n' }),
      'create-existing': oneCall('createNote', { path: 'Meetings/Standup.md', content: 'Replaced!\n' }),
      append: oneCall('appendToNote', { path: 'Meetings/Standup.md', content: '## Summary\n\nRefunds next week.\n' }),
      'append-missing': oneCall('appendToNote', { path: 'Meetings/Nope.md', content: 'x\n' }),
      edit: oneCall('editNote', { path: 'Meetings/Standup.md', find: 'reviewing refunds', replace: 'shipped refunds' }),
      'edit-none': oneCall('editNote', { path: 'Meetings/Standup.md', find: 'Carla', replace: 'Dora' }),
      'edit-twice': oneCall('editNote', { path: 'Meetings/Standup.md', find: '- ', replace: '* ' }),
      'path-parent': oneCall('createNote', { path: '../escape.md', content: 'x' }),
      'path-absolute': oneCall('createNote', { path: '/tmp/escape.md', content: 'x' }),
      'path-hidden': oneCall('createNote', { path: '.trash/x.md', content: 'x' }),
      'path-conversations': oneCall('appendToNote', { path: 'Glassbox/Conversations/Chat.md', content: 'x' }),
      'path-not-markdown': oneCall('createNote', { path: 'Ideas/run.sh', content: 'x' }),
      'path-symlink': oneCall('createNote', { path: 'Linked/escape.md', content: 'x' }),
      'two-writes': scenario()
        .turn((t) => t.toolCall('appendToNote', { path: 'Meetings/Standup.md', content: 'First.\n' }, { id: 'call_1' }))
        .turn((t) => t.toolCall('createNote', { path: 'Ideas/Second.md', content: 'Second.\n' }, { id: 'call_2' }))
        .turn((t) => t.text('Done.')),
    },
  });
});

afterAll(() => server.close());

beforeEach(async () => {
  vault = await mkdtemp(join(tmpdir(), 'glassbox-writes-'));
  outside = await mkdtemp(join(tmpdir(), 'glassbox-outside-'));
  await mkdir(join(vault, 'Meetings'));
  await mkdir(join(vault, 'Glassbox', 'Conversations'), { recursive: true });
  await writeFile(join(vault, 'Meetings', 'Standup.md'), MEETING);
  await writeFile(join(vault, 'Glassbox', 'Conversations', 'Chat.md'), 'chat\n');
});

afterEach(async () => {
  await rm(vault, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

/** A gate that answers from a list; `during` runs while the card is open (the user editing the note meanwhile). */
function gate(decisions: AgentApprovalDecision[], during?: () => Promise<void>) {
  const asked: AgentApprovalRequest[] = [];
  const approvals: AgentApprovalGate = {
    remembered: () => undefined,
    ask: async (request) => {
      asked.push(request);
      await during?.();
      const decision = decisions.shift();
      if (decision === undefined) throw new Error('asked too often');
      return decision;
    },
    remember: () => undefined,
  };
  return { approvals, asked };
}

async function run(model: string, approvals: AgentApprovalGate, options: { changes?: NoteChangeLog; controller?: AbortController } = {}) {
  const events: AgentEvent[] = [];
  const result = await runAgent({
    model: createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }),
    modelName: model,
    tools: createWriteTools({ writer: new NodeNoteWriter(vault), conversationsFolder: () => 'Glassbox/Conversations', ...(options.changes ? { changes: options.changes } : {}) }),
    question: 'Write it.',
    history: [],
    signal: (options.controller ?? new AbortController()).signal,
    onEvent: (event) => events.push(event),
    approvals,
  });
  const toolMessages = result.transcript.filter((message) => message.role === 'tool').map((message) => (message.role === 'tool' ? message.content : ''));
  const writeSteps = result.payload.steps.filter((step) => step.kind === 'tool');
  return { result, events, toolMessages, writeSteps };
}

const read = (path: string) => readFile(join(vault, ...path.split('/')), 'utf8');

describe('createNote', () => {
  it('approved: writes the note, the card showed its diff, the step records ok, path and +N −0', async () => {
    const { approvals, asked } = gate(['allow_once']);
    const { result, toolMessages, writeSteps } = await run('create', approvals);
    expect(await read('Ideas/Garden.md')).toBe('# Garden\n\nPlant tomatoes.\n');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ title: 'Create Ideas/Garden.md?', change: { path: 'Ideas/Garden.md', added: 3, removed: 0, diff: ['+# Garden', '+', '+Plant tomatoes.'] } });
    expect(asked[0].choices.map((choice) => choice.label)).toEqual(['Approve', 'Reject', 'Approve the rest of this run']);
    expect(toolMessages).toEqual(['Created Ideas/Garden.md (+3 −0 lines).']);
    expect(writeSteps[0]).toMatchObject({ summary: 'Created Ideas/Garden.md', tool: { status: 'ok', change: { path: 'Ideas/Garden.md', added: 3, removed: 0 } } });
    expect(result.status).toBe('complete');
  });

  it('never overwrites: an existing note is refused before any card, and stays as it was', async () => {
    const { approvals, asked } = gate([]);
    const { toolMessages, writeSteps } = await run('create-existing', approvals);
    expect(asked).toHaveLength(0);
    expect(await read('Meetings/Standup.md')).toBe(MEETING);
    expect(toolMessages[0]).toMatch(/^Error: a note or file already exists at "Meetings\/Standup.md" and createNote never overwrites/);
    expect(writeSteps[0].tool?.status).toBe('error');
  });

  it('rejected: nothing is written, the model reads "The user declined this change.", the step records declined', async () => {
    const { approvals } = gate(['deny']);
    const { toolMessages, writeSteps, result } = await run('create', approvals);
    await expect(read('Ideas/Garden.md')).rejects.toThrow();
    expect(toolMessages).toEqual([DECLINED_CHANGE_OUTPUT]);
    expect(DECLINED_CHANGE_OUTPUT).toBe('The user declined this change.');
    expect(writeSteps[0]).toMatchObject({ detail: 'Rejected', tool: { status: 'declined', change: { path: 'Ideas/Garden.md', added: 3, removed: 0 } } });
    expect(result.status).toBe('complete');
  });
});

describe('appendToNote', () => {
  it('approved: adds the text at the end on its own lines', async () => {
    const { approvals, asked } = gate(['allow_once']);
    const { toolMessages } = await run('append', approvals);
    expect(await read('Meetings/Standup.md')).toBe(`${MEETING}## Summary\n\nRefunds next week.\n`);
    // Two lines of context; the two lines before them are left out ("@2").
    expect(asked[0].change).toEqual({ path: 'Meetings/Standup.md', added: 3, removed: 0, diff: ['@2', ' - Ana: shipped the export', ' - Ben: reviewing refunds', '+## Summary', '+', '+Refunds next week.'] });
    expect(toolMessages).toEqual(['Appended to Meetings/Standup.md (+3 −0 lines).']);
  });

  it('refuses a note that does not exist', async () => {
    const { approvals, asked } = gate([]);
    const { toolMessages } = await run('append-missing', approvals);
    expect(asked).toHaveLength(0);
    expect(toolMessages[0]).toBe('Error: there is no note at "Meetings/Nope.md". Use createNote to make it.');
  });
});

describe('editNote', () => {
  it('approved: replaces the one occurrence; the card shows −1 +1', async () => {
    const { approvals, asked } = gate(['allow_once']);
    const { toolMessages, writeSteps } = await run('edit', approvals);
    expect(await read('Meetings/Standup.md')).toBe(MEETING.replace('reviewing refunds', 'shipped refunds'));
    expect(asked[0].change).toEqual({ path: 'Meetings/Standup.md', added: 1, removed: 1, diff: ['@1', ' ', ' - Ana: shipped the export', '-- Ben: reviewing refunds', '+- Ben: shipped refunds'] });
    expect(toolMessages).toEqual(['Edited Meetings/Standup.md (+1 −1 lines).']);
    expect(writeSteps[0].tool).toMatchObject({ status: 'ok', change: { added: 1, removed: 1 } });
  });

  it('a find that does not occur changes nothing and says so, without a card', async () => {
    const { approvals, asked } = gate([]);
    const { toolMessages } = await run('edit-none', approvals);
    expect(asked).toHaveLength(0);
    expect(await read('Meetings/Standup.md')).toBe(MEETING);
    expect(toolMessages[0]).toBe('Error: the text to find does not occur in "Meetings/Standup.md". Nothing was changed; read the note and copy the text exactly.');
  });

  it('a find that occurs several times changes nothing and tells the model how many', async () => {
    const { approvals, asked } = gate([]);
    const { toolMessages } = await run('edit-twice', approvals);
    expect(asked).toHaveLength(0);
    expect(await read('Meetings/Standup.md')).toBe(MEETING);
    expect(toolMessages[0]).toMatch(/^Error: the text to find occurs 2 times in "Meetings\/Standup.md". Nothing was changed/);
  });

  it('the note changed while the card waited: the edit is checked again and fails cleanly, keeping the user’s text', async () => {
    const edited = MEETING.replace('reviewing refunds', 'out today');
    const { approvals } = gate(['allow_once'], () => writeFile(join(vault, 'Meetings', 'Standup.md'), edited));
    const { toolMessages, writeSteps } = await run('edit', approvals);
    expect(await read('Meetings/Standup.md')).toBe(edited);
    expect(toolMessages[0]).toMatch(/^Error: editNote failed: the text to find does not occur in "Meetings\/Standup.md"/);
    expect(writeSteps[0].tool?.status).toBe('error');
  });
});

describe('paths a write may not use', () => {
  it.each([
    ['path-parent', /leads outside the vault/],
    ['path-absolute', /is not vault-relative/],
    ['path-hidden', /hidden folder/],
    ['path-conversations', /is in the conversations folder/],
    ['path-not-markdown', /is not a Markdown note/],
  ])('%s is refused before any card and writes nothing', async (model, message) => {
    const { approvals, asked } = gate([]);
    const { toolMessages, writeSteps } = await run(model, approvals);
    expect(asked).toHaveLength(0);
    expect(toolMessages[0]).toMatch(message);
    expect(toolMessages[0]).toMatch(/^Error: .*Nothing was written\.$/);
    expect(writeSteps[0].tool?.status).toBe('error');
    expect(await read('Glassbox/Conversations/Chat.md')).toBe('chat\n');
  });

  it('a folder that is a symlink out of the vault is not written through', async () => {
    await symlink(outside, join(vault, 'Linked'));
    const { approvals } = gate(['allow_once']);
    const { toolMessages } = await run('path-symlink', approvals);
    expect(toolMessages[0]).toMatch(/^Error: createNote failed: The folder of this note leads outside the vault/);
    await expect(readFile(join(outside, 'escape.md'), 'utf8')).rejects.toThrow();
  });
});

describe('approvals of writes', () => {
  it('"Approve the rest of this run" lets the later writes of the run through without a card', async () => {
    const { approvals, asked } = gate(['allow_run']);
    const { toolMessages, writeSteps } = await run('two-writes', approvals);
    expect(asked.map((request) => request.toolName)).toEqual(['appendToNote']);
    expect(toolMessages).toEqual(['Appended to Meetings/Standup.md (+1 −0 lines).', 'Created Ideas/Second.md (+1 −0 lines).']);
    expect(await read('Ideas/Second.md')).toBe('Second.\n');
    expect(writeSteps.map((step) => [step.detail, step.tool?.status, step.tool?.change?.path])).toEqual([
      ['Approved for the rest of this run', 'ok', 'Meetings/Standup.md'],
      [undefined, 'ok', 'Ideas/Second.md'],
    ]);
  });

  it('"Approve" asks again for the next write; the trace says each decision in the card\'s words', async () => {
    const { approvals, asked } = gate(['allow_once', 'deny']);
    const { toolMessages, writeSteps } = await run('two-writes', approvals);
    expect(asked.map((request) => request.toolName)).toEqual(['appendToNote', 'createNote']);
    expect(toolMessages).toEqual(['Appended to Meetings/Standup.md (+1 −0 lines).', DECLINED_CHANGE_OUTPUT]);
    // Issue 38 item 12: the user clicked "Approve" and the trace said "Allowed once".
    expect(writeSteps.map((step) => step.detail)).toEqual(['Approved', 'Rejected']);
  });

  it('a stop while the card waits writes nothing and ends the run stopped, with the trace kept', async () => {
    const controller = new AbortController();
    const approvals: AgentApprovalGate = {
      remembered: () => undefined,
      ask: () => {
        controller.abort();
        return new Promise(() => undefined);
      },
      remember: () => undefined,
    };
    const { result, writeSteps } = await run('edit', approvals, { controller });
    expect(await read('Meetings/Standup.md')).toBe(MEETING);
    expect(result.status).toBe('stopped');
    expect(writeSteps[0].tool).toMatchObject({ status: 'cancelled', change: { path: 'Meetings/Standup.md', added: 1, removed: 1 } });
  });
});

describe('undo the last change by Glassbox', () => {
  it('restores the text before an edit, then trashes a created note, newest first', async () => {
    const changes = new NoteChangeLog();
    await run('two-writes', gate(['allow_run']).approvals, { changes });
    const writer = new NodeNoteWriter(vault);
    expect(await changes.undoLast(writer)).toEqual({ undone: true, message: 'Undid the creation of Ideas/Second.md (moved to the trash).' });
    await expect(read('Ideas/Second.md')).rejects.toThrow();
    expect(await changes.undoLast(writer)).toEqual({ undone: true, message: 'Undid the last change to Meetings/Standup.md.' });
    expect(await read('Meetings/Standup.md')).toBe(MEETING);
    expect(await changes.undoLast(writer)).toEqual({ undone: false, message: 'Glassbox has made no change to undo.' });
  });

  it('refuses when the note changed since Glassbox wrote it, and keeps the user’s text', async () => {
    const changes = new NoteChangeLog();
    await run('edit', gate(['allow_once']).approvals, { changes });
    await writeFile(join(vault, 'Meetings', 'Standup.md'), 'Rewritten by hand.\n');
    expect(await changes.undoLast(new NodeNoteWriter(vault))).toEqual({ undone: false, message: 'Meetings/Standup.md changed since Glassbox wrote it, so the change was not undone.' });
    expect(await read('Meetings/Standup.md')).toBe('Rewritten by hand.\n');
  });

  it('a rejected write leaves nothing to undo', async () => {
    const changes = new NoteChangeLog();
    await run('edit', gate(['deny']).approvals, { changes });
    expect(changes.size).toBe(0);
  });
});

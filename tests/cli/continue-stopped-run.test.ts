import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';
import { CONTINUE_QUESTION, parseConversationNote } from '../../src/conversation';
import { readLeadingMarker } from '../../src/markers';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { captureIo } from '../support/capture-io';
import { gate } from '../support/gate';
import { messagesSent, chatRequests } from '../support/wire-messages';

// Issue 14 item 5 / DESIGN.md 11.2: `glassbox ask --continue NOTE` with no question resumes a run
// that hit the step limit (or was stopped), sending its transcript: tool calls and tool results.
// Real CLI, runner, openai SDK and the scripted model server on loopback.

let server: ModelServer;
let vault: string;
/** Holds the stoppable run after the search, mid-reasoning, so Ctrl-C lands there. */
const weighing = gate();

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      researcher: scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'refunds' }, { id: 'call_search' }))
        .turn((t) => t.text('Refunds are paid within 14 days ([[Refund policy]]).')),
      stoppable: scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'refunds' }, { id: 'call_search' }))
        .turn((t) => t.reasoning('Weighing the refund rules\n').hold(weighing.opened).text('Too late.')),
    },
  });
  vault = await mkdtemp(join(tmpdir(), 'glassbox-continue-stopped-'));
  await writeFile(join(vault, 'Refund policy.md'), '# Refund policy\n\nRefunds are paid within 14 days of the return.\n');
});

afterAll(async () => {
  weighing.open();
  await server.close();
  await rm(vault, { recursive: true, force: true });
});

const ask = (...args: string[]) => askModel('researcher', ...args);
const askModel = (model: string, ...args: string[]) => {
  const io = captureIo({ cwd: vault });
  return { io, done: runCli(['ask', '--vault', vault, '--base-url', server.url, '--model', model, ...args], io) };
};

/** The first request from `from` on, and where the stopped run's search call and its result sit in it. */
function continuedRequest(from: number) {
  const sent = messagesSent(chatRequests(server)[from]);
  const call = sent.findIndex((message) => message.role === 'assistant' && (message.tool_calls ?? []).some((entry) => entry.id === 'call_search' && entry.function.name === 'localSearch'));
  const result = sent.findIndex((message) => message.role === 'tool' && message.tool_call_id === 'call_search');
  return { sent, call, result };
}
const statusOf = (content: string) => readLeadingMarker(content).reasoning?.status;

describe('glassbox ask --continue NOTE without a question', () => {
  it('resumes a run that hit the step limit: the request carries its tool call and tool result, and the turn is appended', async () => {
    const first = ask('--save', '--max-iterations', '1', 'How long do refunds take?');
    await expect(first.done).resolves.toBe(0);
    const path = 'Glassbox/Conversations/How long do refunds take.md';
    expect(first.io.err()).toBe(`saved: ${path}\n`);
    const saved = parseConversationNote(await readFile(join(vault, path), 'utf8'));
    if (!saved.ok) throw saved.error;
    expect(statusOf(saved.value.messages[1].content)).toBe('max_iterations');
    const before = chatRequests(server).length;

    const second = ask('--continue', path);
    await expect(second.done).resolves.toBe(0);
    const { sent, call, result } = continuedRequest(before);
    expect(sent[1]).toEqual({ role: 'user', content: 'How long do refunds take?' });
    expect(call).toBeGreaterThan(1);
    expect(result).toBeGreaterThan(call);
    expect(sent[result].content).toContain('Refunds are paid within 14 days of the return.');
    expect(sent.at(-1)).toEqual({ role: 'user', content: CONTINUE_QUESTION });

    const note = parseConversationNote(await readFile(join(vault, path), 'utf8'));
    if (!note.ok) throw note.error;
    expect(note.value.messages.map((message) => (message.role === 'user' ? message.content : message.role))).toEqual(['How long do refunds take?', 'assistant', CONTINUE_QUESTION, 'assistant']);
    expect(statusOf(note.value.messages[3].content)).toBe('complete');
  });

  it('resumes a run stopped with Ctrl-C: the request carries the tool call and result it had', async () => {
    const first = askModel('stoppable', '--save', 'Who approves refunds?');
    await first.io.printed('Weighing the refund rules');
    first.io.interrupt();
    await expect(first.done).resolves.toBe(130);
    const path = 'Glassbox/Conversations/Who approves refunds.md';
    const saved = parseConversationNote(await readFile(join(vault, path), 'utf8'));
    if (!saved.ok) throw saved.error;
    expect(statusOf(saved.value.messages[1].content)).toBe('stopped');
    weighing.open();
    const before = chatRequests(server).length;

    const second = ask('--continue', path);
    await expect(second.done).resolves.toBe(0);
    const { sent, call, result } = continuedRequest(before);
    expect(sent[1]).toEqual({ role: 'user', content: 'Who approves refunds?' });
    expect(call).toBeGreaterThan(1);
    expect(result).toBeGreaterThan(call);
    expect(sent[result].content).toContain('Refunds are paid within 14 days of the return.');
    expect(sent.at(-1)).toEqual({ role: 'user', content: CONTINUE_QUESTION });
  });

  it('is a usage error (exit 2, one sentence, nothing sent) when the last turn ended normally', async () => {
    const first = ask('--save', 'Who pays refunds?');
    await expect(first.done).resolves.toBe(0);
    const before = chatRequests(server).length;
    const second = ask('--continue', 'Glassbox/Conversations/Who pays refunds.md');
    await expect(second.done).resolves.toBe(2);
    expect(second.io.err()).toBe('--continue: the last turn of "Glassbox/Conversations/Who pays refunds.md" was not stopped and hit no step or spending limit, so there is nothing to resume; give a question after the note.\n');
    expect(chatRequests(server).length).toBe(before);
  });
});

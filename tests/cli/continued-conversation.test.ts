import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';
import { parseConversationNote } from '../../src/conversation';
import { startModelServer, type ModelServer } from '../../tools/model-server';
import { captureIo } from '../support/capture-io';
import { messagesSent, type WireMessage, chatRequests } from '../support/wire-messages';

// Issue 15 / DESIGN.md 11.4: `glassbox ask --continue NOTE` sends the earlier turns with their tool
// results to the model and appends the new turn to the note. Real runner, openai SDK, model server.

/** Longer than the reasoning block's 4,000-character display limit once read. */
const LONG_POLICY = `# Refund policy\n\nRefunds are paid within 14 days of the return. Refunds over 500 EUR need approval from finance.\n\n${Array.from(
  { length: 80 },
  (_, index) => `Clause ${index + 1}: refunds for damaged items follow the same rule as any other return.`,
).join('\n')}\n`;

const NOTES: Record<string, string> = {
  'Handbook/Refund policy.md': LONG_POLICY,
  'Handbook/Travel.md': '# Travel\n\nBook trains when the trip is under six hours.\n',
  'Not a chat.md': '# Groceries\n\nMilk, eggs.\n',
};

let server: ModelServer;
/** Holds the vault and, beside it, a conversation note outside the vault. */
let root: string;
let vault: string;

beforeAll(async () => {
  server = await startModelServer();
  root = await mkdtemp(join(tmpdir(), 'glassbox-continue-'));
  vault = join(root, 'vault');
  await writeFile(join(root, 'outside.md'), '### 🧑 You\n\nHi\n');
  for (const [path, text] of Object.entries(NOTES)) {
    await mkdir(join(vault, path, '..'), { recursive: true });
    await writeFile(join(vault, path), text);
  }
});

afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

const ask = (cwd: string, ...args: string[]) => {
  const io = captureIo({ cwd });
  return { io, done: runCli(['ask', '--vault', vault, '--base-url', server.url, '--model', 'extractive', ...args], io) };
};

function messagesOf(requestIndex: number): WireMessage[] {
  return messagesSent(chatRequests(server)[requestIndex]);
}

describe('glassbox ask --continue NOTE', () => {
  it('sends the earlier turn with every tool result as the model saw it, and appends the turn to the note', async () => {
    const first = ask(vault, '--save', 'How long do refunds take?');
    await expect(first.done).resolves.toBe(0);
    const path = 'Glassbox/Conversations/How long do refunds take.md';
    expect(first.io.err()).toBe(`saved: ${path}\n`);
    // What the model had in hand when it answered the first question: every call and result of the turn.
    const firstRun = messagesOf(chatRequests(server).length - 1);
    const firstTurn = firstRun.slice(firstRun.findIndex((message) => message.role === 'user'));
    expect(firstTurn.filter((message) => message.role === 'tool').some((message) => (message.content ?? '').length > 4000)).toBe(true);
    const answer = parseConversationNote(await readFile(join(vault, path), 'utf8'));
    if (!answer.ok) throw answer.error;
    const before = chatRequests(server).length;

    const second = ask(vault, '--continue', path, 'Who approves refunds over 500 EUR?');
    await expect(second.done).resolves.toBe(0);
    expect(second.io.err()).toBe(`saved: ${path}\n`);
    const sent = messagesOf(before);
    const visibleAnswer = answer.value.messages[1].transcript?.at(-1);
    expect(sent.slice(1)).toEqual([...firstTurn, { role: 'assistant', content: visibleAnswer?.content }, { role: 'user', content: 'Who approves refunds over 500 EUR?' }]);

    const note = parseConversationNote(await readFile(join(vault, path), 'utf8'));
    if (!note.ok) throw note.error;
    expect(note.value.messages.map((message) => [message.role, message.role === 'user' ? message.content : ''])).toEqual([
      ['user', 'How long do refunds take?'],
      ['assistant', ''],
      ['user', 'Who approves refunds over 500 EUR?'],
      ['assistant', ''],
    ]);
    expect(note.value.messages[3].content).toContain('[[Refund policy]]');
    expect(note.value.messages[3].transcript?.some((message) => message.role === 'tool')).toBe(true);
  });

  it('takes a filesystem path inside the vault and a path without .md', async () => {
    const first = ask(vault, '--save', 'Where do I book trains?');
    await expect(first.done).resolves.toBe(0);
    const second = ask(join(vault, 'Glassbox'), '--continue', 'Conversations/Where do I book trains', 'And flights?');
    await expect(second.done).resolves.toBe(0);
    expect(second.io.err()).toBe('saved: Glassbox/Conversations/Where do I book trains.md\n');
  });

  it.each([
    ['a note that does not exist', 'Glassbox/Conversations/Nothing here.md', /^--continue: there is no note "Glassbox\/Conversations\/Nothing here\.md" in the vault/],
    ['a note that is not a conversation', 'Not a chat.md', /^--continue: "Not a chat\.md" is not a conversation note/],
    ['a note outside the vault', '../outside.md', /^--continue: there is no note "\.\.\/outside\.md" in the vault/],
  ])('is a usage error (exit 2, one sentence, nothing sent) for %s', async (_name, note, message) => {
    const before = chatRequests(server).length;
    const run = ask(vault, '--continue', note, 'Anything?');
    await expect(run.done).resolves.toBe(2);
    expect(run.io.err()).toMatch(message);
    expect(run.io.err().trimEnd().split('\n')).toHaveLength(1);
    expect(chatRequests(server).length).toBe(before);
  });
});

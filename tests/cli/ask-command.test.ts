import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { chatRequests } from '../support/wire-messages';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentEvent } from '../../src/agent/events';
import { runCli } from '../../src/cli/main';
import { parseConversationNote } from '../../src/conversation';
import { parseAssistantContent } from '../../src/markers';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { captureIo, type CapturedIo } from '../support/capture-io';
import { gate } from '../support/gate';

const NOTES: Record<string, string> = {
  'Handbook/Refund policy.md': '# Refund policy\n\nRefunds are paid within 14 days of the return. Refunds over 500 EUR need approval from finance.\n',
  'Handbook/Travel.md': '# Travel\n\nBook trains when the trip is under six hours.\n',
  'Daily/2026-11-20.md': 'Met Ana about the refund backlog.\n',
};

let server: ModelServer;
/** Holds the slow thinker's stream after its first reasoning line, so Ctrl-C lands mid-run. */
const thinking = gate();
let vault: string;

async function writeVault(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'glassbox-ask-'));
  for (const [path, text] of Object.entries(NOTES)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      'slow-thinker': scenario().turn((t) => t.reasoning('Thinking about refunds\n').hold(thinking.opened).text('Too late.')),
      'bad-key': scenario().turn((t) => t.httpError(401, 'Incorrect API key provided')),
    },
  });
  vault = await writeVault();
});

afterAll(async () => {
  thinking.open();
  await server.close();
  await rm(vault, { recursive: true, force: true });
});

const ask = (io: CapturedIo, ...args: string[]) => runCli(['ask', '--vault', vault, '--base-url', server.url, ...args], io);

describe('glassbox ask', () => {
  it('answers from the vault through real tool calls, printing plain steps, the duration and the answer', async () => {
    const io = captureIo();
    await expect(ask(io, '--model', 'extractive', 'How long do refunds take?')).resolves.toBe(0);
    const out = io.out();
    expect(out).toMatch(/^ {2}• Searching notes for "[^"\n]*refunds[^"\n]*"$/m);
    expect(out).toMatch(/ {2}• Found \d+ notes?: Refund policy/);
    expect(out).toMatch(/^Thought for (less than a second|\d+s)$/m);
    expect(out).toContain('[[Refund policy]]: "Refunds are paid within 14 days of the return."');
    expect(out).not.toContain('\x1b[');
    expect(io.err()).toBe('');
  });

  it('prints the context window, then one AgentEvent JSON per line with --events jsonl, and nothing else on stdout', async () => {
    const io = captureIo();
    await expect(ask(io, '--model', 'extractive', '--events', 'jsonl', 'How long do refunds take?')).resolves.toBe(0);
    const [windowLine = '', ...lines] = io.out().trimEnd().split('\n');
    // The scripted server reports no window: a loopback server gets the local default.
    const events = lines.map((line) => JSON.parse(line) as AgentEvent);
    expect(JSON.parse(windowLine)).toEqual({ type: 'context_window', runId: events[0]?.runId, at: expect.any(Number) as number, tokens: 8192, source: 'default for a local server' });
    expect(events[0]).toMatchObject({ type: 'run_start', model: 'extractive', question: 'How long do refunds take?' });
    expect(events.at(-1)).toMatchObject({ type: 'run_end', status: 'complete' });
    const types = new Set(events.map((event) => event.type));
    expect([...types].sort()).toEqual(['answer_start', 'citations', 'reasoning_delta', 'run_end', 'run_start', 'step', 'text_delta', 'tool_end', 'tool_start']);
    expect(new Set(events.map((event) => event.runId)).size).toBe(1);
  });

  it('draws a live block redrawn in place in a terminal, then "Thought for" and the answer', async () => {
    const io = captureIo({ isTTY: true });
    await expect(ask(io, '--model', 'extractive', 'How long do refunds take?')).resolves.toBe(0);
    const out = io.out();
    expect(out).toMatch(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Reasoning/);
    expect(out).toContain('\x1b[0J');
    const collapsed = out.lastIndexOf('\x1b[0JThought for ');
    expect(collapsed).toBeGreaterThan(0);
    expect(out.slice(collapsed + 4)).toMatch(/^Thought for [^\n]+\n\nHere is what your notes say/);
  });

  it('saves the conversation note with --save and says where on stderr', async () => {
    const own = await writeVault();
    const io = captureIo();
    await expect(runCli(['ask', '--vault', own, '--base-url', server.url, '--model', 'extractive', '--save', 'How long do refunds take?'], io)).resolves.toBe(0);
    expect(io.err()).toBe('saved: Glassbox/Conversations/How long do refunds take.md\n');
    const note = await readFile(join(own, 'Glassbox/Conversations/How long do refunds take.md'), 'utf8');
    // Asked again, the agent answers from the notes, not from the conversation it saved.
    const again = captureIo();
    await expect(runCli(['ask', '--vault', own, '--base-url', server.url, '--model', 'extractive', 'How long do refunds take?'], again)).resolves.toBe(0);
    expect(again.out()).toContain('[[Refund policy]]');
    expect(again.out()).not.toContain('How long do refunds take]]');
    await rm(own, { recursive: true, force: true });
    const parsed = parseConversationNote(note);
    if (!parsed.ok) throw new Error('the saved note does not parse');
    const [question, answer] = parsed.value.messages;
    expect(question).toMatchObject({ role: 'user', content: 'How long do refunds take?' });
    const content = parseAssistantContent(answer.content);
    expect(content.reasoning).toMatchObject({ v: 1, status: 'complete' });
    expect(content.reasoning!.steps.some((step) => step.tool?.name === 'localSearch')).toBe(true);
    expect(content.text).toContain('[[Refund policy]]');
  });

  it('reads the endpoint and model from GLASSBOX_BASE_URL and GLASSBOX_MODEL', async () => {
    const io = captureIo({ env: { GLASSBOX_BASE_URL: server.url, GLASSBOX_MODEL: 'extractive' } });
    await expect(runCli(['ask', '--vault', vault, 'Where do I book trains?'], io)).resolves.toBe(0);
    expect(io.out()).toContain('[[Travel]]');
  });

  it('stops on Ctrl-C like the stop button: keeps the steps, says "Stopped after", exits 130', async () => {
    const io = captureIo();
    const running = ask(io, '--model', 'slow-thinker', 'How long do refunds take?');
    await io.printed('Thinking about refunds');
    io.interrupt();
    await expect(running).resolves.toBe(130);
    expect(io.out()).toContain('  • Thinking about refunds');
    expect(io.out()).toMatch(/Stopped after (less than a second|\d+s)\n$/);
  });

  it('exits 1 with the provider error as one sentence on a rejected key', async () => {
    const io = captureIo();
    await expect(ask(io, '--model', 'bad-key', 'Anything?')).resolves.toBe(1);
    expect(io.err()).toMatch(/^The API key was rejected by 127\.0\.0\.1[^\n]*\. Check --api-key \(or GLASSBOX_API_KEY\)\.\n$/);
    expect(io.out()).toMatch(/Failed after/);
    // Worded by the run with the CLI's table: the trace's notice too, never a settings tab.
    expect(io.out()).toContain('Check --api-key (or GLASSBOX_API_KEY).');
    expect(io.out()).not.toContain('Glassbox settings');
  });

  it('names --model, not a settings tab the CLI does not have, when the model is not found', async () => {
    const io = captureIo();
    await expect(ask(io, '--model', 'no-such-model', 'Anything?')).resolves.toBe(1);
    expect(io.err()).toMatch(/^The model "no-such-model" was not found at 127\.0\.0\.1:\d+\. Check --model \(or GLASSBOX_MODEL\) and --base-url\.\n$/);
    expect(io.out()).toContain('Check --model (or GLASSBOX_MODEL) and --base-url.');
    expect(io.out()).not.toContain('Glassbox settings');
  });

  it('keeps the run\'s own error text in --events jsonl (the events are the agent\'s, not the terminal\'s)', async () => {
    const io = captureIo();
    await expect(ask(io, '--model', 'no-such-model', '--events', 'jsonl', 'Anything?')).resolves.toBe(1);
    const end = JSON.parse(io.out().trimEnd().split('\n').at(-1) ?? '{}') as { type: string; error?: string };
    expect(end).toMatchObject({ type: 'run_end', status: 'error' });
    expect(end.error).toContain('was not found');
  });

  it('exits 1 with one sentence when nothing listens at the base URL', async () => {
    const closed = await startModelServer();
    await closed.close();
    const io = captureIo();
    await expect(runCli(['ask', '--vault', vault, '--base-url', closed.url, '--model', 'm', 'Anything?'], io)).resolves.toBe(1);
    expect(io.err().trimEnd().split('\n')).toHaveLength(1);
    expect(io.err()).not.toMatch(/\bat .*\.(js|ts):\d+/);
  });

  it.each([
    [['ask', 'question'], 'Say which folder of notes to use with --vault DIR.'],
    [['ask', '--vault', '.', '--model', 'm'], 'Give the question to ask'],
    [['ask', '--vault', '.', 'question'], 'Say which model to use with --model NAME or GLASSBOX_MODEL'],
    [['ask', '--vault', '.', '--model', 'm', '--loop', 'spiral', 'q'], '--loop must be "tools" or "reason-act-observe", not "spiral".'],
    [['ask', '--vault', '.', '--model', 'm', '--max-iterations', '0', 'q'], '--max-iterations must be a whole number from 1 to 100, not "0".'],
    [['ask', '--vault', '.', '--model', 'm', '--events', 'xml', 'q'], '--events only supports "jsonl", not "xml".'],
    [['ask', '--vault', '.', '--model', 'm', '--base-url', 'localhost:1234', 'q'], 'The base URL must start with http:// or https://'],
    [['ask', '--vault', '/no/such/folder', '--model', 'm', 'q'], 'The vault folder /no/such/folder does not exist or is not a folder.'],
  ])('exits 2 on bad usage %j', async (argv, message) => {
    const io = captureIo();
    await expect(runCli(argv, io)).resolves.toBe(2);
    expect(io.err()).toContain(message);
    expect(io.out()).toBe('');
  });

  it.each([
    [['ask', '--vault', '.', '--loop', 'spiral', 'q'], '--loop must be "tools" or "reason-act-observe", not "spiral".\n'],
    [['ask', '--max-iterations', 'ten', 'q'], '--max-iterations must be a whole number from 1 to 100, not "ten".\n'],
  ])('names a wrong value the user gave before asking for a missing one %j', async (argv, message) => {
    const io = captureIo();
    await expect(runCli(argv, io)).resolves.toBe(2);
    expect(io.err()).toBe(message);
  });

  it('ends a run cut by --max-iterations 1 with a notice in good English, an answer and exit 0', async () => {
    const io = captureIo();
    await expect(ask(io, '--model', 'extractive', '--max-iterations', '1', 'How long do refunds take?')).resolves.toBe(0);
    expect(io.out()).toContain('• Stopped after 1 iteration (the limit); answering with what was found\n');
    expect(io.out()).toMatch(/\n\n.*Refund policy/);
  });

  it('runs the reason-act-observe loop with --loop', async () => {
    const io = captureIo();
    await expect(ask(io, '--model', 'extractive', '--loop', 'reason-act-observe', '--events', 'jsonl', 'How long do refunds take?')).resolves.toBe(0);
    const events = io.out().trimEnd().split('\n').map((line) => JSON.parse(line) as AgentEvent);
    expect(events.at(-1)).toMatchObject({ type: 'run_end', status: 'complete' });
    const kinds = events.flatMap((event) => (event.type === 'step' ? [event.step.kind] : []));
    expect(kinds).toContain('reason');
    expect(kinds).toContain('tool');
    const prompts = chatRequests(server).slice(-8).map((request) => JSON.stringify(request.body?.messages?.at(-1)));
    expect(prompts.some((prompt) => prompt.includes('tools_to_consider'))).toBe(true);
  });
});

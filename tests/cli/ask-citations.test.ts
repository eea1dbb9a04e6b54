import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentEvent } from '../../src/agent/events';
import { runCli } from '../../src/cli/main';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { captureIo } from '../support/capture-io';

// Issue 39 (DESIGN.md 13.3): `glassbox ask` ends its answer with a "Sources" list, `--events
// jsonl` sends the `citations` event before `run_end`, and `inspect` gives the saved answer its
// `citations` array. The real CLI, the real SDK over HTTP, a vault folder on disk.
const NOTES: Record<string, string> = {
  'Handbook/Refund policy.md': '# Refund policy\n\nRefunds are paid within 14 days\nof the return.\n',
  'Handbook/Pricing.md': '# Pricing\n\nThe studio plan costs $40 a month.\n',
};
const ANSWER = 'Refunds are paid “within 14 days of the return” and “always in cash” ([[Refund policy]]). Prices: [[Pricing]]. More in [[Nowhere]].';

let server: ModelServer;
let vault: string;

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      'cites-unread': scenario()
        .turn((t) => t.toolCall('readNote', { path: 'Refund policy' }, { id: 'call_1' }))
        .turn((t) => t.text(ANSWER)),
    },
  });
  vault = await mkdtemp(join(tmpdir(), 'glassbox-citations-'));
  for (const [path, text] of Object.entries(NOTES)) {
    await mkdir(join(vault, path, '..'), { recursive: true });
    await writeFile(join(vault, path), text);
  }
});

afterAll(async () => {
  await server.close();
  await rm(vault, { recursive: true, force: true });
});

const ask = (...args: string[]) => {
  const io = captureIo();
  return { io, done: runCli(['ask', '--vault', vault, '--base-url', server.url, '--model', 'cites-unread', ...args], io) };
};

describe('glassbox ask: verified citations', () => {
  it('ends the answer with the Sources list: read, not read, no such note, and the quote not found', async () => {
    const { io, done } = ask('How do refunds work?');
    await expect(done).resolves.toBe(0);
    const out = io.out();
    expect(out.slice(out.indexOf(ANSWER) + ANSWER.length)).toBe(
      ['', '', 'Sources', '✓ [[Refund policy]] read', '! quote not found in [[Refund policy]]: “always in cash”', '! [[Pricing]] not read in this run', '✗ [[Nowhere]] no such note', ''].join('\n'),
    );
  });

  it('sends the citations event just before run_end with --events jsonl', async () => {
    const { io, done } = ask('--events', 'jsonl', 'How do refunds work?');
    await expect(done).resolves.toBe(0);
    const events = io.out().trimEnd().split('\n').slice(1).map((line) => JSON.parse(line) as AgentEvent);
    expect(events.slice(-2).map((event) => event.type)).toEqual(['citations', 'run_end']);
    expect(events.at(-2)).toEqual({
      type: 'citations',
      runId: events[0].runId,
      at: expect.any(Number),
      citations: [
        { target: 'Refund policy', status: 'read', path: 'Handbook/Refund policy.md', quotes: [{ text: 'within 14 days of the return', found: true, line: 3 }, { text: 'always in cash', found: false }] },
        { target: 'Pricing', status: 'unread', path: 'Handbook/Pricing.md', quotes: [] },
        { target: 'Nowhere', status: 'missing', quotes: [] },
      ],
    });
  });

  it('keeps the verdicts in the saved note, where inspect gives the answer its citations array', async () => {
    const { io, done } = ask('--save', 'How do refunds work?');
    await expect(done).resolves.toBe(0);
    const saved = /saved: (.*)\n/.exec(io.err())?.[1] ?? '';
    const inspected = captureIo();
    await expect(runCli(['inspect', join(vault, saved)], inspected)).resolves.toBe(0);
    const messages = (JSON.parse(inspected.out()) as { messages: { role: string; citations?: unknown }[] }).messages;
    expect(messages.map((message) => message.citations)).toEqual([
      undefined,
      [
        { target: 'Refund policy', status: 'read', path: 'Handbook/Refund policy.md', quotes: [{ text: 'within 14 days of the return', found: true, line: 3 }, { text: 'always in cash', found: false }] },
        { target: 'Pricing', status: 'unread', path: 'Handbook/Pricing.md', quotes: [] },
        { target: 'Nowhere', status: 'missing', quotes: [] },
      ],
    ]);
    expect(await readFile(join(vault, saved), 'utf8')).toContain('"citations":[');
  });
});

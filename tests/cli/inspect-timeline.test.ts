import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';
import { serializeConversationNote } from '../../src/conversation';
import { composeAssistantContent, type ReasoningPayload } from '../../src/markers';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { captureIo } from '../support/capture-io';
import { ConversationBuilder } from '../support/conversation-builder';

// `glassbox inspect NOTE --timeline` (DESIGN.md 12.3): each run's model turns and steps, one a line.

const START = Date.UTC(2026, 10, 22, 10, 15, 0);
// A payload with the per-turn records of issue 24 (`turns`), one of them estimated.
const withTurns: ReasoningPayload = {
  v: 1,
  status: 'complete',
  startedAt: START,
  endedAt: START + 4_300,
  elapsedMs: 3_900,
  usage: { promptTokens: 2_100, completionTokens: 130 },
  turns: [
    { at: START + 100, durationMs: 1_150, usage: { promptTokens: 900, completionTokens: 40 } },
    { at: START + 1_400, durationMs: 2_700, usage: { promptTokens: 1_200, completionTokens: 90, estimated: true } },
  ],
  steps: [
    { id: 's1', kind: 'tool', summary: 'Found 2 notes: Refunds, Billing', at: START + 1_200, tool: { name: 'localSearch', args: { query: 'refund policy', limit: 5 }, status: 'ok', durationMs: 40 } },
    { id: 's2', kind: 'tool', summary: 'Read Missing', at: START + 1_300, tool: { name: 'readNote', args: { path: 'Missing.md' }, status: 'error', durationMs: 3 } },
  ],
};

let dir: string;
let server: ModelServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'glassbox-timeline-'));
  server = await startModelServer({
    scenarios: {
      search: scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'refunds' }, { id: 'call_1' }))
        .turn((t) => t.text('Refunds take 30 days.')),
    },
  });
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function timeline(file: string): Promise<{ status: number; out: string; err: string }> {
  const io = captureIo({ env: { TZ: 'UTC' } });
  const status = await runCli(['inspect', file, '--timeline'], io);
  return { status, out: io.out(), err: io.err() };
}

describe('glassbox inspect --timeline', () => {
  it('lays out model turns with their tokens ("~" estimated) and tool steps with duration, status, the tool and its input, by start offset', async () => {
    const note = join(dir, 'turns.md');
    await writeFile(note, serializeConversationNote(new ConversationBuilder().user('How long do refunds take?').assistant(composeAssistantContent(withTurns, 'Thirty days.'), { at: START }).build()));
    const { status, out } = await timeline(note);
    expect(status).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^Run 1 · 2026-11-22 \d\d:15 · complete · 4\.3 s · 2100 in, 130 out$/);
    expect(lines.slice(1)).toEqual([
      '  +0.1s  model  1.1 s  900 in · 40 out           Model turn 1',
      '  +1.2s  tool   40 ms                     ok     localSearch "refund policy" limit=5: Found 2 notes: Refunds, Billing',
      '  +1.3s  tool   3 ms                      error  readNote "Missing.md": Read Missing',
      '  +1.4s  model  2.7 s  ~1200 in · 90 out         Model turn 2',
      '',
      '',
    ]);
  });

  it('a run saved by ask today: its model turns with their tokens and its tool steps, by start', async () => {
    const vault = join(dir, 'vault');
    const io = captureIo();
    await mkdir(vault);
    await writeFile(join(vault, 'Refunds.md'), '# Refunds\n\nRefunds take 30 days.\n');
    await expect(runCli(['ask', '--vault', vault, '--base-url', server.url, '--model', 'search', '--save', 'How long do refunds take?'], io)).resolves.toBe(0);
    const saved = join(vault, /^saved: (.+)$/m.exec(io.err())?.[1] ?? 'missing');
    const { status, out } = await timeline(saved);
    expect(status).toBe(0);
    const [header, notice, ...steps] = out.split('\n').filter((line) => line !== '');
    expect(header).toMatch(/^Run 1 · .+ · complete · \d+(\.\d)? m?s · \d+ in, \d+ out$/);
    // In a pipe on the default 8,192-token window no one can approve a note write: the trace says so first.
    expect(notice).toMatch(/^ {2}\+0\.0s {2}notice +Not offered on this small context window, as no one can approve their calls here: createNote, appendToNote, editNote$/);
    expect(steps).toHaveLength(3);
    expect(steps[0]).toMatch(/^ {2}\+\d+\.\ds {2}model +\d+(\.\d)? m?s +~?\d+ in · \d+ out +Model turn 1$/);
    expect(steps[1]).toMatch(/^ {2}\+\d+\.\ds {2}tool +\d+(\.\d)? m?s +ok +localSearch "refunds": Found 1 note: Refunds$/);
    expect(steps[2]).toMatch(/Model turn 2$/);
  });

  it('says which run regenerated an answer', async () => {
    const note = join(dir, 'regenerated.md');
    const answer = composeAssistantContent(withTurns, 'Thirty days.');
    await writeFile(note, serializeConversationNote(new ConversationBuilder().user('How long do refunds take?').assistant(answer, { at: START }).assistant(answer, { at: START, alternateOf: 'm2' }).build()));
    const headers = (await timeline(note)).out.split('\n').filter((line) => line.startsWith('Run'));
    expect(headers.map((line) => line.replace(/ · 2026.*$/, ''))).toEqual(['Run 1', 'Run 2 · regenerated']);
  });

  it('with --price-in and --price-out each run\'s line ends with its cost ("~" when any turn was estimated)', async () => {
    const note = join(dir, 'priced.md');
    await writeFile(note, serializeConversationNote(new ConversationBuilder().user('How long do refunds take?').assistant(composeAssistantContent(withTurns, 'Thirty days.'), { at: START }).build()));
    const io = captureIo({ env: { TZ: 'UTC' } });
    await expect(runCli(['inspect', note, '--timeline', '--price-in', '2.5', '--price-out', '10'], io)).resolves.toBe(0);
    // 2,100 in × $2.50 + 130 out × $10, per million tokens; turn 2 was estimated.
    expect(io.out().split('\n')[0]).toMatch(/^Run 1 · .+ · 2100 in, 130 out · ~\$0\.0066$/);
  });

  it.each([
    [['--price-in', '2.5'], 'Give both prices: "--price-in USD --price-out USD" (per million tokens).\n'],
    [['--price-in', 'cheap', '--price-out', '1'], '--price-in needs an amount in US dollars per million tokens, like 2.5; got "cheap".\n'],
  ])('prices that are not two amounts are a usage error: %p', async (flags, message) => {
    const io = captureIo();
    await expect(runCli(['inspect', 'x.md', '--timeline', ...flags], io)).resolves.toBe(2);
    expect(io.err()).toBe(message);
  });

  it('--timeline with --message is a usage error', async () => {
    const io = captureIo();
    await expect(runCli(['inspect', '--message', 'x.md', '--timeline'], io)).resolves.toBe(2);
    expect(io.err()).toBe('--timeline reads a conversation note: run "glassbox inspect NOTE.md --timeline".\n');
  });
});

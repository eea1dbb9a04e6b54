import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { captureIo } from '../support/capture-io';

// `glassbox traces` (DESIGN.md 13.5) over a vault of conversations saved by the real runner (the
// real openai SDK against the scripted model server): which runs read a note, called a tool,
// ended a certain way, and what they cost.

interface TracesJson {
  runs: { note: string; title: string; startedAt: string; status: string; cost: { usd: number; estimated: boolean } | null }[];
}

let server: ModelServer;
let vault: string;

async function ask(model: string, question: string): Promise<void> {
  const io = captureIo();
  await runCli(['ask', '--vault', vault, '--base-url', server.url, '--model', model, '--save', question], io);
  expect(io.err()).toMatch(/^saved: /m);
}

async function traces(...flags: string[]): Promise<{ status: number; out: string; err: string }> {
  const io = captureIo();
  const status = await runCli(['traces', '--vault', vault, ...flags], io);
  return { status, out: io.out(), err: io.err() };
}

async function tracesJson(...flags: string[]): Promise<TracesJson> {
  const { status, out } = await traces('--json', ...flags);
  expect(status).toBe(0);
  return JSON.parse(out) as TracesJson;
}

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      reader: scenario()
        .turn((t) => t.toolCall('readNote', { path: 'Handbook/Refund policy.md' }).usage(1000, 20))
        .turn((t) => t.text('Refunds take 30 days ([[Refund policy]]).').usage(1500, 40)),
      searcher: scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'vacation' }).usage(800, 10))
        .turn((t) => t.text('Twenty-five days a year ([[Vacation]]).').usage(1200, 30)),
      broken: scenario().turn((t) => t.httpError(400, 'The model is not loaded')),
    },
  });
  vault = await mkdtemp(join(tmpdir(), 'glassbox-traces-'));
  await mkdir(join(vault, 'Handbook'));
  await writeFile(join(vault, 'Handbook', 'Refund policy.md'), '# Refund policy\n\nRefunds are paid within 30 days.\n');
  await writeFile(join(vault, 'Handbook', 'Vacation.md'), '# Vacation\n\nEveryone has 25 vacation days a year.\n');
  await ask('reader', 'How long do refunds take?');
  await ask('searcher', 'How many vacation days do I have?');
  const io = captureIo();
  await runCli(['ask', '--vault', vault, '--base-url', server.url, '--model', 'broken', '--save', 'Is the model there?'], io);
});

afterAll(async () => {
  await server.close();
  await rm(vault, { recursive: true, force: true });
});

describe('glassbox traces', () => {
  it('lists every run of the saved conversations, newest first, with note, title, start and status', async () => {
    const { runs } = await tracesJson();
    expect(runs.map((run) => run.title)).toEqual(['Is the model there?', 'How many vacation days do I have?', 'How long do refunds take?']);
    expect(runs.map((run) => run.status)).toEqual(['error', 'complete', 'complete']);
    for (const run of runs) {
      expect(run.note).toMatch(/^Glassbox\/Conversations\/.+\.md$/);
      expect(Date.parse(run.startedAt)).toBeGreaterThan(Date.parse('2026-01-01'));
      expect(run.cost).toBeNull();
    }
  });

  it('--read NOTE keeps the runs in which that note reached the model, by path or by name', async () => {
    for (const name of ['Handbook/Refund policy.md', 'Refund policy', '[[refund policy]]']) {
      expect((await tracesJson('--read', name)).runs.map((run) => run.title)).toEqual(['How long do refunds take?']);
    }
    expect((await tracesJson('--read', 'Nowhere')).runs).toEqual([]);
  });

  it('--tool, --status and --since filter, and all filters hold together', async () => {
    expect((await tracesJson('--tool', 'localSearch')).runs.map((run) => run.title)).toEqual(['How many vacation days do I have?']);
    expect((await tracesJson('--status', 'error')).runs.map((run) => run.title)).toEqual(['Is the model there?']);
    expect((await tracesJson('--since', '2999-01-01')).runs).toEqual([]);
    expect((await tracesJson('--tool', 'readNote', '--status', 'error')).runs).toEqual([]);
  });

  it('prices each run with --price-in/--price-out, from the server-reported tokens', async () => {
    const { runs } = await tracesJson('--tool', 'readNote', '--price-in', '2', '--price-out', '10');
    // (1000 + 1500) input and (20 + 40) output tokens at $2 and $10 a million.
    expect(runs[0]?.cost).toEqual({ usd: (2500 * 2 + 60 * 10) / 1_000_000, estimated: false });
  });

  it('prints one line a run and a count for people', async () => {
    const { status, out } = await traces('--status', 'complete');
    expect(status).toBe(0);
    expect(out).toMatch(/complete {2}How many vacation days do I have\? \(Glassbox\/Conversations\/.+\.md\)/);
    expect(out).toContain('2 runs in 2 conversations.');
    expect((await traces('--status', 'budget')).out).toBe('No run matches.\n');
  });

  it('says what is wrong with a bad status or date (exit 2)', async () => {
    const badStatus = await traces('--status', 'done');
    expect(badStatus.status).toBe(2);
    expect(badStatus.err).toContain('--status must be one of complete, stopped, error');
    const badDate = await traces('--since', 'last week');
    expect(badDate.status).toBe(2);
    expect(badDate.err).toContain('--since needs a day like 2026-11-20');
  });
});

describe('--read counts a note found by search as read', () => {
  it('lists a run whose localSearch results showed the note', async () => {
    expect((await tracesJson('--read', 'Vacation')).runs.map((run) => run.title)).toEqual(['How many vacation days do I have?']);
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentEventType } from '../../src/agent';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';

// Issue 38, item 14: every line of `ask --events jsonl` carries its run's id and its moment
// (DESIGN.md 8), the `context_window` line the CLI writes before the run included. The record
// below names every event type, so a new one breaks the build until this test covers it.

/** Each line the CLI can write, and whether this run shows it (the CLI never asks the user a question). */
const CLI_LINES: Readonly<Record<AgentEventType | 'context_window', boolean>> = {
  context_window: true,
  run_start: true,
  step: true,
  reasoning_delta: true,
  tool_start: true,
  tool_end: true,
  input_request: false,
  input_response: false,
  approval_request: true,
  approval_response: true,
  answer_start: true,
  text_delta: true,
  citations: true,
  run_end: true,
};

let cli: BuiltCli;
let server: ModelServer;
let vault: string;

beforeAll(async () => {
  cli = await buildCli();
  server = await startModelServer({
    scenarios: {
      everything: scenario()
        .turn((t) => t.reasoning('Look for the refund rule first.').toolCall('localSearch', { query: 'refund' }, { id: 'call_1' }).toolCall('editNote', { path: 'Policy.md', find: 'within 30 days', replace: 'within 60 days' }, { id: 'call_2' }))
        .turn((t) => t.text('Refunds are given within 30 days [[Policy]].')),
    },
  });
  vault = await mkdtemp(join(tmpdir(), 'glassbox-events-base-'));
  await mkdir(vault, { recursive: true });
  await writeFile(join(vault, 'Policy.md'), '# Policy\n\nA refund is given within 30 days.\n');
});

afterAll(async () => {
  await server.close();
  await Promise.all([cli.remove(), rm(vault, { recursive: true, force: true })]);
});

describe('glassbox ask --events jsonl', () => {
  it('gives every line, of every type, the run id and an epoch-ms moment', async () => {
    const outcome = await cli.run(['ask', '--vault', vault, '--base-url', server.url, '--model', 'everything', '--context-window', '16384', '--events', 'jsonl', 'What is the refund rule?']);
    expect(outcome.status).toBe(0);
    const lines = outcome.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string; runId?: unknown; at?: unknown });
    const runId = lines.find((line) => line.type === 'run_start')?.runId;
    expect(typeof runId).toBe('string');
    for (const line of lines) {
      expect({ type: line.type, runId: line.runId }).toEqual({ type: line.type, runId });
      expect({ type: line.type, at: typeof line.at }).toEqual({ type: line.type, at: 'number' });
      expect(Number.isInteger(line.at) && (line.at as number) > 1_600_000_000_000).toBe(true);
    }
    const seen = [...new Set(lines.map((line) => line.type))].sort();
    const shown = Object.entries(CLI_LINES).filter(([, shownByThisRun]) => shownByThisRun).map(([type]) => type).sort();
    expect(seen).toEqual(shown);
    expect(lines[0]).toMatchObject({ type: 'context_window', tokens: 16384, source: 'setting' });
  });
});

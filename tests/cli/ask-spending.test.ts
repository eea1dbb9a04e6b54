import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';
import { CONTINUE_QUESTION, parseConversationNote } from '../../src/conversation';
import { readLeadingMarker } from '../../src/markers';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { captureIo } from '../support/capture-io';
import { chatRequests } from '../support/wire-messages';

// Issue 40 / DESIGN.md 13.4: `glassbox ask --max-run-tokens N` and `--max-cost USD` (with prices
// by flag or environment) stop a run before the call that would cross the limit: exit 3, the
// sentence on stderr, the turn saved with status budget; `--continue NOTE` with a higher limit
// resumes it. `--max-cost` without prices is a usage error (exit 2). Real CLI, runner, openai SDK
// and the scripted model server on loopback.

let server: ModelServer;
let vault: string;

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      // The server counts 9,000 input and 100 output tokens for the search call.
      counted: scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'refunds' }, { id: 'call_search' }).usage(9000, 100))
        .turn((t) => t.text('Refunds are paid within 14 days ([[Refund policy]]).').usage(9500, 20)),
      uncounted: scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'refunds' }).raw('[DONE]'))
        .turn((t) => t.text('Refunds are paid within 14 days ([[Refund policy]]).').raw('[DONE]')),
    },
  });
  vault = await mkdtemp(join(tmpdir(), 'glassbox-ask-spending-'));
  await writeFile(join(vault, 'Refund policy.md'), '# Refund policy\n\nRefunds are paid within 14 days of the return.\n');
});

afterAll(async () => {
  await server.close();
  await rm(vault, { recursive: true, force: true });
});

function ask(model: string, args: string[], env: Record<string, string> = {}) {
  const io = captureIo({ cwd: vault, env });
  return { io, done: runCli(['ask', '--vault', vault, '--base-url', server.url, '--model', model, ...args], io) };
}
const statusOf = (content: string) => readLeadingMarker(content).reasoning?.status;

describe('glassbox ask --max-run-tokens', () => {
  it('exits 3 before the call that would cross it, saves the turn as budget, and --continue with a higher limit finishes it', async () => {
    const before = chatRequests(server).length;
    const first = ask('counted', ['--save', '--max-run-tokens', '9500', 'How long do refunds take?']);
    await expect(first.done).resolves.toBe(3);
    expect(chatRequests(server).length - before).toBe(1);
    expect(first.io.err()).toMatch(/^Stopped at the run's token limit of 9,500 tokens: 9,100 tokens spent, and the next request \(~[\d,]+ tokens\) would cross it\.\nsaved: Glassbox\/Conversations\/How long do refunds take\.md\n$/);
    const path = 'Glassbox/Conversations/How long do refunds take.md';
    const saved = parseConversationNote(await readFile(join(vault, path), 'utf8'));
    if (!saved.ok) throw saved.error;
    expect(statusOf(saved.value.messages[1].content)).toBe('budget');
    // inspect and the exports name the status and keep the sentence.
    const timeline = captureIo({ cwd: vault });
    await expect(runCli(['inspect', join(vault, path), '--timeline'], timeline)).resolves.toBe(0);
    expect(timeline.out()).toMatch(/^Run 1 .* · budget · /m);
    const html = captureIo({ cwd: vault });
    await expect(runCli(['export', join(vault, path), '--html'], html)).resolves.toBe(0);
    expect(html.out()).toContain('Stopped at a spending limit after');
    expect(html.out()).toContain('<p class="error">Stopped at the run&#39;s token limit of 9,500 tokens: 9,100 tokens spent');

    const second = ask('counted', ['--continue', path, '--max-run-tokens', '100000']);
    await expect(second.done).resolves.toBe(0);
    const note = parseConversationNote(await readFile(join(vault, path), 'utf8'));
    if (!note.ok) throw note.error;
    expect(note.value.messages.map((message) => (message.role === 'user' ? message.content : statusOf(message.content)))).toEqual(['How long do refunds take?', 'budget', CONTINUE_QUESTION, 'complete']);
    expect(note.value.messages[3].content).toContain('Refunds are paid within 14 days');
  });

  it('holds on estimates when the server reports no usage, and says so', async () => {
    const run = ask('uncounted', ['--max-run-tokens', '1200', 'How long do refunds take?']);
    await expect(run.done).resolves.toBe(3);
    expect(run.io.err()).toMatch(/^Stopped at the run's token limit of 1,200 tokens: ~[\d,]+ tokens \(estimated: the server reports no usage\) spent, and the next request \(~[\d,]+ tokens\) would cross it\.\n$/);
  });

  it('ends the event stream with run_end status budget', async () => {
    const run = ask('counted', ['--events', 'jsonl', '--max-run-tokens', '9500', 'How long do refunds take?']);
    await expect(run.done).resolves.toBe(3);
    const last = JSON.parse(run.io.out().trim().split('\n').at(-1) ?? '{}') as { type?: string; status?: string; error?: string };
    expect(last).toMatchObject({ type: 'run_end', status: 'budget' });
    expect(last.error).toContain("the run's token limit of 9,500 tokens");
  });

  it.each([['0'], ['many'], ['1.5']])('refuses --max-run-tokens %s (exit 2, nothing sent)', async (value) => {
    const before = chatRequests(server).length;
    const run = ask('counted', ['--max-run-tokens', value, 'Hi']);
    await expect(run.done).resolves.toBe(2);
    expect(run.io.err()).toContain(`--max-run-tokens must be a whole number of tokens, 1 or more, not "${value}".`);
    expect(chatRequests(server).length).toBe(before);
  });
});

describe('glassbox ask --max-cost', () => {
  it('is a usage error without prices (exit 2, nothing sent)', async () => {
    const before = chatRequests(server).length;
    const run = ask('counted', ['--max-cost', '0.10', 'How long do refunds take?']);
    await expect(run.done).resolves.toBe(2);
    expect(run.io.err()).toContain("--max-cost needs the model's prices to count the cost: add --price-in USD --price-out USD (per million tokens) or set GLASSBOX_PRICE_IN and GLASSBOX_PRICE_OUT.");
    expect(chatRequests(server).length).toBe(before);
  });

  it('stops at the cost the prices give, read from the flags', async () => {
    const run = ask('counted', ['--max-cost', '0.10', '--price-in', '10', '--price-out', '30', 'How long do refunds take?']);
    await expect(run.done).resolves.toBe(3);
    expect(run.io.err()).toMatch(/^Stopped at the run's cost limit of \$0\.10: \$0\.093 spent, and the next request \(~\$0\.0\d+\) would cross it\.\n$/);
  });

  it('reads the prices from GLASSBOX_PRICE_IN and GLASSBOX_PRICE_OUT; the flags win', async () => {
    const fromEnv = ask('counted', ['--max-cost', '0.10', 'How long do refunds take?'], { GLASSBOX_PRICE_IN: '10', GLASSBOX_PRICE_OUT: '30' });
    await expect(fromEnv.done).resolves.toBe(3);
    // At $1/M the same run costs under a cent: the flag's price is the one counted.
    const flagsWin = ask('counted', ['--max-cost', '0.10', '--price-in', '1', '--price-out', '1', 'How long do refunds take?'], { GLASSBOX_PRICE_IN: '10', GLASSBOX_PRICE_OUT: '30' });
    await expect(flagsWin.done).resolves.toBe(0);
  });

  it('refuses one price without the other, and a price that is not an amount', async () => {
    const one = ask('counted', ['--max-cost', '0.10', '--price-in', '10', 'Hi']);
    await expect(one.done).resolves.toBe(2);
    expect(one.io.err()).toContain('Give both prices: "--price-in USD --price-out USD" (per million tokens), or GLASSBOX_PRICE_IN and GLASSBOX_PRICE_OUT.');
    const bad = ask('counted', ['--max-cost', '0.10', 'Hi'], { GLASSBOX_PRICE_IN: 'cheap', GLASSBOX_PRICE_OUT: '30' });
    await expect(bad.done).resolves.toBe(2);
    expect(bad.io.err()).toContain('GLASSBOX_PRICE_IN needs an amount in US dollars per million tokens, like 2.5; got "cheap".');
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, type BuiltCli } from '../support/built-cli';
import { type ImitatedServer, proseOf, startImitatedServer } from '../support/imitated-model-servers';

// Issue 24 through the built CLI: `ask` asks a llama.cpp-like server for its window, says so first
// in `--events jsonl`, and answers a question with a 12,000-token note attached on a 4,096-token
// window, every request fitting; `--context-window N` wins over the server.

let cli: BuiltCli;
let server: ImitatedServer;
let vault: string;

beforeAll(async () => {
  cli = await buildCli();
  vault = await mkdtemp(join(tmpdir(), 'glassbox-window-'));
  await writeFile(join(vault, 'Big.md'), `# Big\n\n${proseOf(12_000)}\n`);
  await writeFile(join(vault, 'Long 1.md'), `# Long 1\n\n${proseOf(1500, 3)}\n`);
});

beforeEach(async () => {
  server = await startImitatedServer('llama.cpp', { window: 4096, model: 'qwen3:8b' });
});

afterEach(() => server.close());

afterAll(async () => {
  await Promise.all([cli.remove(), rm(vault, { recursive: true, force: true })]);
});

const ask = (...args: string[]) => cli.run(['ask', '--vault', vault, '--base-url', server.url, '--model', 'qwen3:8b', '--events', 'jsonl', ...args]);

describe('glassbox ask on a small window', () => {
  it('finds the 4,096-token window at /props and answers with a 12,000-token note attached, every request fitting', async () => {
    const outcome = await ask('--note', 'Big.md', 'What does the big note say?');
    expect(outcome.stderr).toBe('');
    expect(outcome.status).toBe(0);
    const lines = outcome.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string; step?: { kind: string; summary: string } });
    expect(lines[0]).toMatchObject({ type: 'context_window', tokens: 4096, source: 'llama.cpp /props' });
    expect(lines.some((line) => line.type === 'step' && line.step?.kind === 'context' && /^Cut Big to fit 4,096 tokens$/.test(line.step.summary))).toBe(true);
    expect(server.chats.length).toBeGreaterThanOrEqual(2);
    for (const chat of server.chats) expect(chat.tokens).toBeLessThanOrEqual(4096);
  });

  it('--context-window N wins over the server, and a window too large is recovered from its 400', async () => {
    const outcome = await ask('--context-window', '32768', '--note', 'Big.md', 'What does the big note say?');
    expect(outcome.status).toBe(0);
    expect(JSON.parse(outcome.stdout.split('\n')[0] ?? '')).toMatchObject({ type: 'context_window', tokens: 32768, source: 'setting' });
    expect(server.chats[0]?.overflowed).toBe(true);
    expect(outcome.stdout).toContain('The server said the request was too long for its 4,096-token context window; asking again fitted to 4,096 tokens');
    expect(server.chats.slice(1).every((chat) => !chat.overflowed)).toBe(true);
  });

  it('answers a question with a note attached on a 3,000-token window, offering no note writes it cannot approve (issue 38, DESIGN.md 13.6)', async () => {
    await server.close();
    server = await startImitatedServer('llama.cpp', { window: 3000, model: 'qwen3:8b' });
    const outcome = await ask('--note', 'Big.md', 'What does the big note say?');
    expect(outcome.stderr).toBe('');
    expect(outcome.status).toBe(0);
    const lines = outcome.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string; status?: string; text?: string });
    expect(lines.at(-1)).toMatchObject({ type: 'run_end', status: 'complete' });
    expect(lines.filter((line) => line.type === 'text_delta').map((line) => line.text).join('')).toContain('Read it: [[Long 1]] (Long 1.md)');
    for (const chat of server.chats) expect(chat.tokens).toBeLessThanOrEqual(3000);
    // The attached note went with the question.
    expect(server.chats[0]?.messages.at(-1)?.content).toMatch(/Note Big\.md/);
    const offered = JSON.parse(server.requests.find((request) => request.path === '/v1/chat/completions')?.body ?? '{}') as { tools?: { function: { name: string } }[] };
    expect(offered.tools?.map((tool) => tool.function.name)).toEqual(['localSearch', 'readNote', 'getTimeRange', 'getTagNotes', 'getLinks', 'report_thinking']);
  });

  it('--context-window must be a whole number of tokens', async () => {
    const outcome = await ask('--context-window', 'lots', 'Hi');
    expect(outcome.status).toBe(2);
    expect(outcome.stderr.trim()).toBe('--context-window must be a whole number of tokens from 256 up, not "lots" (leave it out to ask the server).');
  });
});

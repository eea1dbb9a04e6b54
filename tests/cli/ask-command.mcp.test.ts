import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { captureIo, type CapturedIo } from '../support/capture-io';
import { HEADER_SECRET, MCP_TEST_SERVER, startHttpMcpServer, STDIO_SECRET } from '../support/mcp-test-servers';

// `glassbox ask --mcp FILE [--allow-mcp]` (issue 18, DESIGN.md 11.4): the real CLI, the real
// openai SDK against the scripted model server, a stdio and a streamable-HTTP MCP server.

let model: ModelServer;
let http: { url: string; close: () => Promise<void> };
let dir: string;
let mcpFile: string;

beforeAll(async () => {
  http = await startHttpMcpServer();
  model = await startModelServer({
    scenarios: {
      whoami: scenario()
        .turn((t) => t.toolCall('weather__whoami', {}, { id: 'c1' }))
        .turn((t) => t.toolCall('tracker__whoami', {}, { id: 'c2' }))
        .turn((t) => t.text('Both servers answered.')),
      forecast: scenario()
        .turn((t) => t.toolCall('weather__forecast', { city: 'Oslo' }, { id: 'c1' }))
        .turn((t) => t.toolCall('weather__forecast', { city: 'Rome' }, { id: 'c2' }))
        .turn((t) => t.text('Done.')),
    },
  });
  dir = await mkdtemp(join(tmpdir(), 'glassbox-mcp-cli-'));
  await writeFile(join(dir, 'Note.md'), '# Note\n\nNothing about the weather.\n');
  mcpFile = join(dir, 'mcp.json');
  await writeFile(
    mcpFile,
    JSON.stringify({
      mcpServers: {
        weather: { command: process.execPath, args: [MCP_TEST_SERVER], env: { TEST_TOKEN: STDIO_SECRET } },
        tracker: { type: 'http', url: http.url, headers: { Authorization: `Bearer ${HEADER_SECRET}` } },
      },
    }),
  );
});

afterAll(async () => {
  await model.close();
  await http.close();
  await rm(dir, { recursive: true, force: true });
});

const ask = (io: CapturedIo, ...args: string[]) => runCli(['ask', '--vault', dir, '--base-url', model.url, '--mcp', mcpFile, ...args], io);

describe('glassbox ask --mcp', () => {
  it('runs MCP tools with --allow-mcp and saves a note without the secrets of env or headers', async () => {
    const io = captureIo();
    await expect(ask(io, '--allow-mcp', '--model', 'whoami', '--save', 'Who are you?')).resolves.toBe(0);
    expect(io.out()).toContain('  • weather: whoami');
    expect(io.out()).toContain('  • tracker: whoami');
    const saved = /^saved: (.+)$/m.exec(io.err())?.[1];
    expect(saved).toBeDefined();
    const note = await readFile(join(dir, saved!), 'utf8');
    expect(note).toContain('token=[redacted]');
    expect(note).toContain('authorization=[redacted]');
    expect(note).not.toContain(STDIO_SECRET);
    expect(note).not.toContain(HEADER_SECRET);
    expect(io.out() + io.err()).not.toContain(STDIO_SECRET);
    await rm(join(dir, 'Glassbox'), { recursive: true, force: true });
  });

  it('declines MCP calls in a pipe without --allow-mcp, saying which flag allows them, and still answers', async () => {
    const io = captureIo();
    // A large window: MCP tools are offered (on a small one they are not, below).
    await expect(ask(io, '--model', 'forecast', '--context-window', '16384', '--events', 'jsonl', 'Weather?')).resolves.toBe(0);
    const events = io.out().trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string; status?: string; output?: string });
    expect(events.filter((event) => event.type === 'tool_end').map((event) => event.output)).toEqual([
      'The user declined this call. Continue without it.',
      'The user declined this call. Continue without it.',
    ]);
    expect(io.err()).toBe('weather__forecast needs approval and no one can be asked in a pipe: declined (run with --allow-mcp to allow MCP tools).\n');
    expect(events.at(-1)).toMatchObject({ type: 'run_end', status: 'complete' });
  });

  it('on a small window in a pipe without --allow-mcp, offers no MCP tools and says so in the trace (DESIGN.md 13.6)', async () => {
    const io = captureIo();
    // The scripted server reports no window: a loopback server gets 8,192.
    await expect(ask(io, '--model', 'forecast', '--events', 'jsonl', 'Weather?')).resolves.toBe(0);
    const events = io.out().trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string; step?: { kind: string; summary: string } });
    const notices = events.filter((event) => event.type === 'step' && event.step?.kind === 'notice').map((event) => event.step?.summary ?? '');
    expect(notices.find((notice) => notice.startsWith('Not offered'))).toMatch(/^Not offered on this small context window, as no one can approve their calls here: createNote, appendToNote, editNote, weather__forecast, .*tracker__forecast/);
    // The scripted model calls it all the same: nothing runs, nobody is asked, the model is told it has no such tool.
    const ends = events.filter((event) => event.type === 'tool_end') as unknown as { status: string; output: string }[];
    expect(ends.length).toBeGreaterThan(0);
    for (const end of ends) expect(end).toMatchObject({ status: 'error', output: expect.stringMatching(/^Error: there is no tool named "weather__forecast"/) as string });
    expect(io.err()).toBe('');
  });

  it('asks in a terminal: "a" allows the server for the rest of the run', async () => {
    const questions: string[] = [];
    const io: CapturedIo = { ...captureIo(), prompt: (question) => (questions.push(question), Promise.resolve('a')) };
    await expect(ask(io, '--model', 'forecast', 'Weather?')).resolves.toBe(0);
    expect(questions).toEqual(['Allow the MCP server weather to run forecast?\n{\n  "city": "Oslo"\n}\n[y] allow once, [a] allow this server for the rest of this run, [N] no: ']);
    expect(io.out()).toContain('  • weather: forecast "Rome"');
  });

  it('asks in a terminal: an empty answer declines', async () => {
    const io: CapturedIo = { ...captureIo(), prompt: () => Promise.resolve('') };
    await expect(ask(io, '--model', 'forecast', '--events', 'jsonl', 'Weather?')).resolves.toBe(0);
    expect(io.out()).toContain('"outcome":"decided","decision":"deny"');
  });

  it('says what is wrong with the MCP file in one sentence and exits 2', async () => {
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '{"mcpServers": {"w": {"args": []}}}');
    const io = captureIo();
    await expect(runCli(['ask', '--vault', dir, '--base-url', model.url, '--model', 'forecast', '--mcp', bad, 'Weather?'], io)).resolves.toBe(2);
    expect(io.err()).toBe(`${bad}: The MCP server "w" needs a "command" (a program to start) or a "url" (a streamable HTTP address).\n`);
    const missing = captureIo();
    await expect(runCli(['ask', '--vault', dir, '--model', 'forecast', '--mcp', 'nope.json', 'Weather?'], missing)).resolves.toBe(2);
    expect(missing.err()).toBe('The MCP servers file nope.json could not be read.\n');
    expect(await readdir(dir)).not.toContain('Glassbox');
  });
});

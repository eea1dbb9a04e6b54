import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';

// `glassbox ask` offers note writes (issue 14, DESIGN.md 11.4): the built CLI as a user runs it,
// the real openai SDK against the scripted model server; `--allow-writes` approves, a pipe
// declines, a terminal (a real pseudo-terminal, through util-linux `script`) prints the diff and asks.

const MEETING = '# Standup\n\n- Ana: shipped the export\n- Ben: reviewing refunds\n';
let cli: BuiltCli;
let server: ModelServer;
let vault: string;

beforeAll(async () => {
  cli = await buildCli();
  server = await startModelServer({
    scenarios: {
      edit: scenario()
        .turn((t) => t.toolCall('editNote', { path: 'Meetings/Standup.md', find: 'reviewing refunds', replace: 'shipped refunds' }, { id: 'call_1' }))
        .turn((t) => t.text('Updated the standup.')),
    },
  });
});

afterAll(async () => {
  await server.close();
  await cli.remove();
});

beforeEach(async () => {
  vault = await mkdtemp(join(tmpdir(), 'glassbox-cli-writes-'));
  await mkdir(join(vault, 'Meetings'));
  await writeFile(join(vault, 'Meetings', 'Standup.md'), MEETING);
});

afterEach(() => rm(vault, { recursive: true, force: true }));

const askArgs = (...extra: string[]) => ['ask', '--vault', vault, '--base-url', server.url, '--model', 'edit', ...extra, 'Ben shipped the refunds.'];
const standup = () => readFile(join(vault, 'Meetings', 'Standup.md'), 'utf8');

/** `glassbox inspect` of the saved note, through the built CLI: the note writes of its answer. */
async function inspectWrites(stderr: string): Promise<unknown> {
  const saved = /^saved: (.+)$/m.exec(stderr)?.[1];
  expect(saved).toBeDefined();
  const outcome = await cli.run(['inspect', join(vault, saved!)]);
  expect(outcome.status).toBe(0);
  const parsed = JSON.parse(outcome.stdout) as { messages: { noteWrites: unknown }[] };
  return parsed.messages[1].noteWrites;
}

describe('glassbox ask: note writes', () => {
  it('--allow-writes approves: the note is edited, and inspect reports the write as ok, +1 −1', async () => {
    const outcome = await cli.run(askArgs('--allow-writes', '--save'));
    expect(outcome.status).toBe(0);
    expect(await standup()).toBe(MEETING.replace('reviewing refunds', 'shipped refunds'));
    expect(outcome.stdout).toContain('Edited Meetings/Standup.md');
    expect(await inspectWrites(outcome.stderr)).toEqual([{ tool: 'editNote', path: 'Meetings/Standup.md', status: 'ok', added: 1, removed: 1 }]);
  });

  it('in a pipe without --allow-writes the write is declined, saying which flag approves it; inspect reports declined', async () => {
    // A large window: the write tools are offered (on a small one they are not, below).
    const outcome = await cli.run(askArgs('--save', '--context-window', '16384'));
    expect(outcome.status).toBe(0);
    expect(await standup()).toBe(MEETING);
    expect(outcome.stderr).toContain('editNote wants to change Meetings/Standup.md and no one can be asked in a pipe: declined (run with --allow-writes to approve note writes).\n');
    // The step's final status is printed, and the block's header counts it (issue 26).
    expect(outcome.stdout).toMatch(/^ {2}• .*Meetings\/Standup\.md · declined$/m);
    expect(outcome.stdout).toMatch(/^Thought for .* · 1 step declined$/m);
    expect(await inspectWrites(outcome.stderr)).toEqual([{ tool: 'editNote', path: 'Meetings/Standup.md', status: 'declined', added: 1, removed: 1 }]);
    // The model read the refusal.
    const request = server.requests.filter((entry) => (entry.body as { model?: string } | undefined)?.model === 'edit').at(-1)!;
    expect((request.body as { messages: { role: string; content: string }[] }).messages.at(-1)).toMatchObject({ role: 'tool', content: 'The user declined this change.' });
  });

  it('on a small window in a pipe without --allow-writes, offers no write tools and says so (DESIGN.md 13.6)', async () => {
    // The scripted server reports no window: a loopback server gets 8,192.
    const outcome = await cli.run(askArgs());
    expect(outcome.status).toBe(0);
    expect(await standup()).toBe(MEETING);
    expect(outcome.stdout).toContain('Not offered on this small context window, as no one can approve their calls here: createNote, appendToNote, editNote');
    const request = server.requests.filter((entry) => (entry.body as { model?: string } | undefined)?.model === 'edit').at(-1)!;
    const offered = ((request.body as { tools?: { function: { name: string } }[] }).tools ?? []).map((tool) => tool.function.name);
    expect(offered).toEqual(['localSearch', 'readNote', 'getTimeRange', 'getTagNotes', 'getLinks', 'report_thinking']);
  });

  it.each([
    ['y', MEETING.replace('reviewing refunds', 'shipped refunds')],
    ['n', MEETING],
  ])('in a terminal, prints the diff and asks; answering "%s"', async (answer, expected) => {
    const quoted = [process.execPath, cli.path, ...askArgs()].map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
    const child = spawn('script', ['-qfec', quoted, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '', TERM: 'dumb' } });
    let output = '';
    const prompted = new Promise<void>((resolve) => {
      child.stdout.setEncoding('utf8').on('data', (text: string) => {
        output += text;
        if (output.includes('[N] reject: ')) resolve();
      });
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await prompted;
    expect(output).toContain('Edit Meetings/Standup.md?');
    expect(output).toContain('+1 −1 lines');
    expect(output).toContain('- - Ben: reviewing refunds');
    expect(output).toContain('+ - Ben: shipped refunds');
    child.stdin.write(`${answer}\r`);
    expect(await exited).toBe(0);
    expect(await standup()).toBe(expected);
    // Folded, the block still says a step was declined, and lists it under its header (issue 26).
    // eslint-disable-next-line no-control-regex -- the terminal's escape codes are what this strips
    const screen = output.slice(output.lastIndexOf('\x1b[0J')).replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
    if (answer === 'n') expect(screen).toMatch(/Thought for .* · 1 step declined\r?\n.*Meetings\/Standup\.md · declined/);
    else expect(screen).not.toContain('declined');
  });
});

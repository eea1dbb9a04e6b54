import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';
import { captureIo } from '../support/capture-io';

// What a hostile note or model could send to the terminal: clear screen, a window title
// (OSC 0), a hidden link (OSC 8), BEL, NUL, a carriage return that overwrites the line, and C1 CSI.
const HOSTILE = '\x1b[2J\x1b]0;pwned\x07\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\\x00\r\u009b31m';

// eslint-disable-next-line no-control-regex -- control characters other than tab and newline are what must not appear
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- the live block's own drawing: cursor up/down, clear, dim and reset
const OWN_DRAWING = /\x1b\[\d*[ABJK]|\x1b\[[02]m|\r/g;

let cli: BuiltCli;
let server: ModelServer;
let vault: string;

beforeAll(async () => {
  cli = await buildCli();
  server = await startModelServer({
    scenarios: {
      hostile: scenario()
        .turn((t) => t.reasoning(`Planning ${HOSTILE}\n`).toolCall('localSearch', { query: `refunds ${HOSTILE}` }))
        .turn((t) => t.text(`Refunds take 14 days ${HOSTILE} [[Refund policy]].`)),
      'hostile-error': scenario().turn((t) => t.text('Refunds').streamError(`Overloaded ${HOSTILE}`)),
    },
  });
  vault = await mkdtemp(join(tmpdir(), 'glassbox-controls-'));
  await writeFile(join(vault, `Refund policy.md`), `# Refund policy ${HOSTILE}\n\n## Timing ${HOSTILE}\n\nRefunds are paid within 14 days ${HOSTILE} of the return.\n`);
});

afterAll(async () => {
  await server.close();
  await cli.remove();
  await rm(vault, { recursive: true, force: true });
});

const ask = (...rest: string[]) => ['ask', '--vault', vault, '--base-url', server.url, ...rest];

describe('control characters from notes and models never reach the terminal', () => {
  it('search, as a list in a pipe: stripped, the words kept', async () => {
    const result = await cli.run(['search', '--vault', vault, 'refunds']);
    expect(result.status).toBe(0);
    expect(result.stdout).not.toMatch(CONTROL);
    expect(result.stdout).toMatch(/Refunds are paid within 14 days \[2J\]0;pwned\]8;;https:\/\/evil\.example\\click\]8;;\\ ?31m of the return\./);
  });

  it('search --json: escaped, so the JSON reads back to the note\'s own text', async () => {
    const result = await cli.run(['search', '--vault', vault, '--json', 'refunds']);
    expect(result.stdout).not.toMatch(CONTROL);
    const output = JSON.parse(result.stdout) as { results: { title: string; passage: string }[] };
    expect(output.results[0].passage).toContain('\x1b[2J\x1b]0;pwned\x07\x1b]8;;https://evil.example\x1b\\click');
    expect(output.results[0].passage).toContain('\u009b31m');
  });

  it('ask in a pipe: the answer, the steps and the quoted note are stripped', async () => {
    const result = await cli.run(ask('--model', 'hostile', 'How long do refunds take?'));
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Refunds take 14 days');
    expect(result.stdout).toContain('pwned');
    expect(result.stdout).not.toMatch(CONTROL);
    expect(result.stderr).toBe('');
  });

  it('ask --events jsonl: escaped in every line, C1 included', async () => {
    const result = await cli.run(ask('--model', 'hostile', '--events', 'jsonl', 'How long do refunds take?'));
    expect(result.stdout).not.toMatch(CONTROL);
    expect(result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as unknown)).toContainEqual(expect.objectContaining({ type: 'text_delta' }));
  });

  it('ask: a provider error on stderr is stripped too', async () => {
    const result = await cli.run(ask('--model', 'hostile-error', 'Anything?'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Overloaded');
    expect(result.stderr).not.toMatch(CONTROL);
    expect(result.stdout).not.toMatch(CONTROL);
  });

  it('ask in a terminal: only the live block\'s own drawing uses escape codes', async () => {
    const io = captureIo({ isTTY: true });
    await expect(runCli(ask('--model', 'hostile', 'How long do refunds take?'), io)).resolves.toBe(0);
    expect(io.out()).toContain('Refunds take 14 days');
    expect(io.out()).toContain('\x1b[0J');
    expect(io.out().replace(OWN_DRAWING, '')).not.toMatch(CONTROL);
  });
});

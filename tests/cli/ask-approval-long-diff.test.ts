import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';

// Issue 25 item 9: the terminal's y/N showed 200 diff entries and cut lines at 300 characters, so a
// payload on line 250 (or after character 300) was approved unseen. Through a real
// pseudo-terminal (util-linux `script`), as in ask-command.writes.test.ts.

const LINES = Array.from({ length: 260 }, (_, index) => `Line ${index + 1} of the report.`);
LINES[249] = '<%* await tp.file.create_new("x") %>';
LINES[9] = `${'Long line '.repeat(40)}<script>alert(1)</script>`;
LINES[19] = `${'Plain long line '.repeat(30)}END-OF-PLAIN`;
const CONTENT = `${LINES.join('\n')}\n`;

let cli: BuiltCli;
let server: ModelServer;
let vault: string;

beforeAll(async () => {
  cli = await buildCli();
  server = await startModelServer({
    scenarios: { create: scenario().turn((t) => t.toolCall('createNote', { path: 'Reports/Long.md', content: CONTENT })).turn((t) => t.text('Done.')) },
  });
  vault = await mkdtemp(join(tmpdir(), 'glassbox-long-diff-'));
  await writeFile(join(vault, 'Readme.md'), '# Readme\n');
});

afterAll(async () => {
  await Promise.all([server.close(), cli.remove(), rm(vault, { recursive: true, force: true })]);
});

it('says what is not shown, never hides a runnable added line, and pages the whole change with v', async () => {
  const args = ['ask', '--vault', vault, '--base-url', server.url, '--model', 'create', 'Write the report.'];
  const quoted = [process.execPath, cli.path, ...args].map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('script', ['-qfec', quoted, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '', TERM: 'dumb' } });
  let output = '';
  const waiters: { count: number; resolve: () => void }[] = [];
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    output += text;
    for (const waiter of waiters) if (output.split('[N] reject: ').length - 1 >= waiter.count) waiter.resolve();
  });
  const prompt = (count: number) => new Promise<void>((resolve) => waiters.push({ count, resolve }));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));

  await prompt(1);
  const first = output;
  expect(first).toContain('+260 −0 lines');
  expect(first).toContain('Not shown: 59 changed lines not shown, 1 line cut at 300 characters.');
  expect(first).toContain('[v] view the whole change (2 pages)');
  // Line 250 is past the cut and line 10 is longer than 300 characters: both shown whole.
  expect(first).toContain('+ <%* await tp.file.create_new("x") %>');
  expect(first).toContain('<script>alert(1)</script>');
  expect(first).not.toContain('END-OF-PLAIN');

  child.stdin.write('v\r');
  await prompt(2);
  expect(output.slice(first.length)).toContain('Reports/Long.md, page 1 of 2:');
  expect(output.slice(first.length)).toContain('END-OF-PLAIN');
  child.stdin.write('v\r');
  await prompt(3);
  expect(output).toContain('page 2 of 2:');
  expect(output).toContain('+ Line 260 of the report.');
  child.stdin.write('n\r');
  expect(await exited).toBe(0);
  await expect(readFile(join(vault, 'Reports', 'Long.md'), 'utf8')).rejects.toThrow();
}, 60_000);

import { runCli } from '../../src/cli/main';
import { captureIo } from '../support/capture-io';

describe('glassbox CLI dispatch', () => {
  it('prints usage and exits 2 when no command is given', async () => {
    const io = captureIo();
    await expect(runCli([], io)).resolves.toBe(2);
    expect(io.out()).toContain('glassbox ask --vault DIR');
  });

  it.each([['ask'], ['search'], ['inspect']])('prints usage and exits 0 for "glassbox %s --help", the usual way to look up flags', async (command) => {
    const io = captureIo();
    await expect(runCli([command, '--vault', '.', '--help'], io)).resolves.toBe(0);
    expect(io.out()).toContain(`glassbox ${command}`);
    expect(io.err()).toBe('');
  });

  it.each([[['--help']], [['ask', '--help']]])('%j lists every flag of every command with a description, and the defaults (issue 26)', async (args) => {
    const io = captureIo();
    await expect(runCli(args, io)).resolves.toBe(0);
    const out = io.out();
    expect(out).toContain('ask options:\n');
    expect(out).toMatch(/^ {2}--timeout SECONDS +Longest wait for the next byte from the endpoint, 1 to 3600\. \(default: 120\)$/m);
    expect(out).toMatch(/^ {2}--max-tokens N +Most tokens one model call may write \(max_tokens\)\. \(default: 8192\)$/m);
    expect(out).toMatch(/^ {2}--limit N +Most results, 1 to 1000\. \(default: 10\)$/m);
    for (const flag of ['--vault', '--base-url', '--model', '--loop', '--allow-writes', '--continue', '--note', '--folder', '--tag', '--json', '--message']) expect(out).toMatch(new RegExp(`^ {2}${flag}\\b.* {2}[A-Z]`, 'm'));
  });

  it('shows that --continue NOTE needs no question, since the full ask line marks it required', async () => {
    const io = captureIo();
    await expect(runCli(['ask', '--help'], io)).resolves.toBe(0);
    expect(io.out()).toContain('glassbox ask --vault DIR --continue NOTE\n');
    expect(io.out()).toContain('no question: resumes a run that was stopped');
  });

  it('treats --help after -- as part of the query, not a request for help', async () => {
    const io = captureIo();
    await expect(runCli(['search', '--', '--help'], io)).resolves.toBe(2);
    expect(io.err()).toBe('Say which folder of notes to search with --vault DIR.\n');
  });

  it('names an unknown command in one sentence on stderr and exits 2', async () => {
    const io = captureIo();
    await expect(runCli(['frobnicate'], io)).resolves.toBe(2);
    expect(io.err()).toBe('Unknown command "frobnicate". Run "glassbox --help" to see the commands.\n');
    expect(io.out()).toBe('');
  });
});

import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';
import { composeAssistantContent, type ReasoningPayload } from '../../src/markers';
import { captureIo } from '../support/capture-io';
import { legacyBanner } from '../markers/support/legacy-markers';

const payload: ReasoningPayload = {
  v: 1,
  status: 'complete',
  startedAt: 1763768491000,
  elapsedMs: 9000,
  steps: [{ id: 's1', kind: 'tool', summary: 'Searched "trip -->"', at: 1763768492000, tool: { name: 'localSearch', args: { query: 'trip' }, status: 'ok' } }],
};

describe('glassbox inspect --message FILE', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'glassbox-inspect-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function write(name: string, content: string): string {
    const path = join(dir, name);
    writeFileSync(path, content, 'utf8');
    return path;
  }

  it('prints the per-message JSON of a message written by hand', async () => {
    const file = write('message.md', composeAssistantContent(payload, `<think>plan</think>\nFound it.${legacyBanner({ result: 'notes: Trip.md' })} The trip was in [[May]].`));
    const io = captureIo();
    await expect(runCli(['inspect', '--message', file], io)).resolves.toBe(0);
    expect(io.err()).toBe('');
    expect(JSON.parse(io.out())).toEqual({
      text: '\nFound it. The trip was in [[May]].',
      reasoning: payload,
      reasoningError: false,
      legacyToolCalls: [
        { id: 'call-1', toolName: 'localSearch', displayName: 'Search notes', emoji: '🔍', confirmationMessage: '', isExecuting: false, content: '', result: 'notes: Trip.md' },
      ],
      thinks: [{ text: 'plan', closed: true }],
      noteWrites: [],
      // A message from before citations were checked has none (DESIGN.md 13.3).
      citations: [],
    });
  });

  it('resolves a relative path against the working folder and accepts --message=FILE', async () => {
    write('relative.md', '<!--REASONING_BLOCK:{"elapsed":2,"steps":["Looked"]}-->\n\nHi');
    const io = captureIo({ cwd: dir });
    await expect(runCli(['inspect', '--message=relative.md'], io)).resolves.toBe(0);
    const output = JSON.parse(io.out());
    expect(output.reasoning).toMatchObject({ v: 1, elapsedMs: 2000, steps: [{ summary: 'Looked' }] });
    expect(output.text).toBe('Hi');
  });

  it('reports an unreadable marker as reasoningError and still prints the answer', async () => {
    const file = write('broken.md', '<!--REASONING_BLOCK:{"v":1,"sta\n\nThe answer.');
    const io = captureIo();
    await expect(runCli(['inspect', '--message', file], io)).resolves.toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({ reasoning: null, reasoningError: true, text: 'The answer.' });
  });

  it('a missing file is one sentence on stderr and exit 1', async () => {
    const io = captureIo();
    const missing = join(dir, 'nope.md');
    await expect(runCli(['inspect', '--message', missing], io)).resolves.toBe(1);
    expect(io.err()).toBe(`Cannot read "${missing}": no such file.\n`);
    expect(io.out()).toBe('');
  });

  it('a folder instead of a file is exit 1', async () => {
    mkdirSync(join(dir, 'folder'));
    const io = captureIo({ cwd: dir });
    await expect(runCli(['inspect', '--message', 'folder'], io)).resolves.toBe(1);
    expect(io.err()).toBe('Cannot read "folder": it is a folder, not a file.\n');
  });

  it.each([
    [['inspect'], '"glassbox inspect" needs a file. Run "glassbox inspect NOTE.md [--timeline]" or "glassbox inspect --message FILE".\n'],
    [['inspect', '--message'], '"--message" needs the path of a file holding one assistant message.\n'],
    [['inspect', '--message', 'a.md', 'b.md'], 'Unexpected argument "b.md". Run "glassbox inspect NOTE.md [--timeline]" or "glassbox inspect --message FILE".\n'],
    [['inspect', '--verbose'], 'Unknown option "--verbose". Run "glassbox inspect NOTE.md [--timeline]" or "glassbox inspect --message FILE".\n'],
    [['inspect', 'Chat.md', 'extra.md'], 'Unexpected argument "extra.md". Run "glassbox inspect NOTE.md [--timeline]" or "glassbox inspect --message FILE".\n'],
  ])('bad usage %j is one sentence on stderr and exit 2', async (argv, message) => {
    const io = captureIo();
    await expect(runCli(argv, io)).resolves.toBe(2);
    expect(io.err()).toBe(message);
    expect(io.out()).toBe('');
  });
});

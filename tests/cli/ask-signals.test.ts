import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConversationNote } from '../../src/conversation';
import { parseAssistantContent } from '../../src/markers';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';

const PARTIAL = `Refunds take ${'a while to check, '.repeat(10)}`;

let cli: BuiltCli;
let server: ModelServer;
const vaults: string[] = [];

beforeAll(async () => {
  cli = await buildCli();
  server = await startModelServer({
    scenarios: {
      // Past the 160 characters the runner holds back (docs/decisions/agent-answer-hold-back.md),
      // then a pause long enough that only the signal can end the run within the test's time.
      'slow-thinker': scenario().turn((t) => t.reasoning('Thinking about refunds\n').text(`${PARTIAL} and then`).pause(30_000).text(' 14 days.')),
    },
  });
});

afterAll(async () => {
  await server.close();
  await cli.remove();
  await Promise.all(vaults.map((vault) => rm(vault, { recursive: true, force: true })));
});

describe('glassbox ask stopped by a signal', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGINT', 130],
  ] as const)('%s stops the run like Ctrl-C: partial turn saved as stopped, exit %i', async (signal, status) => {
    const vault = await mkdtemp(join(tmpdir(), 'glassbox-signals-'));
    vaults.push(vault);
    await writeFile(join(vault, 'Refund policy.md'), '# Refund policy\n\nRefunds are paid within 14 days.\n');
    const running = cli.start(['ask', '--vault', vault, '--base-url', server.url, '--model', 'slow-thinker', '--save', 'How long do refunds take?']);
    await running.waitFor('and then');
    running.child.kill(signal);
    const result = await running.done;
    expect({ status: result.status, signal: result.signal }).toEqual({ status, signal: null });
    expect(result.stdout).toMatch(/Stopped after (less than a second|\d+s)\n$/);
    expect(result.stderr).toBe('saved: Glassbox/Conversations/How long do refunds take.md\n');
    const note = parseConversationNote(await readFile(join(vault, 'Glassbox/Conversations/How long do refunds take.md'), 'utf8'));
    if (!note.ok) throw new Error('the saved note does not parse');
    const answer = parseAssistantContent(note.value.messages[1].content);
    expect(answer.reasoning).toMatchObject({ status: 'stopped' });
    expect(answer.text).toContain(`${PARTIAL} and then`);
  });
});

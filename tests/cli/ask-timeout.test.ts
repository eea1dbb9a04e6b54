import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';
import { parseConversationNote } from '../../src/conversation';
import { parseAssistantContent } from '../../src/markers';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';
import { captureIo } from '../support/capture-io';
import { startWrongEndpoints, type WrongEndpoints } from '../support/wrong-endpoints';

// Past the 160 characters the runner holds back (docs/decisions/agent-answer-hold-back.md).
const PARTIAL = `Refunds take ${'a while to check, '.repeat(10)}and then`;

let cli: BuiltCli;
let server: ModelServer;
let wrong: WrongEndpoints;
const vaults: string[] = [];

beforeAll(async () => {
  cli = await buildCli();
  server = await startModelServer({
    scenarios: { stalls: scenario().turn((t) => t.text(PARTIAL).pause(30_000).text(' 14 days.')) },
  });
  wrong = await startWrongEndpoints();
});

afterAll(async () => {
  await Promise.all([server.close(), wrong.close(), cli.remove(), ...vaults.map((vault) => rm(vault, { recursive: true, force: true }))]);
});

async function newVault(): Promise<string> {
  const vault = await mkdtemp(join(tmpdir(), 'glassbox-timeout-'));
  vaults.push(vault);
  await writeFile(join(vault, 'Refund policy.md'), '# Refund policy\n\nRefunds are paid within 14 days.\n');
  return vault;
}

describe('glassbox ask --timeout SECONDS', () => {
  it('a stalled stream: exit 1, one sentence naming the endpoint and the wait, the partial answer saved with status error', async () => {
    const vault = await newVault();
    const result = await cli.run(['ask', '--vault', vault, '--base-url', server.url, '--model', 'stalls', '--timeout', '1', '--save', 'How long do refunds take?']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      `${new URL(server.url).host} sent nothing for 1 second, so Glassbox stopped waiting; raise --timeout if the model is just slow.\nsaved: Glassbox/Conversations/How long do refunds take.md\n`,
    );
    expect(result.stdout).toContain(PARTIAL);
    const note = parseConversationNote(await readFile(join(vault, 'Glassbox/Conversations/How long do refunds take.md'), 'utf8'));
    if (!note.ok) throw new Error('the saved note does not parse');
    const answer = parseAssistantContent(note.value.messages[1].content);
    expect(answer.reasoning).toMatchObject({ status: 'error' });
    expect(answer.text).toContain(PARTIAL);
  });

  it('a server that never sends headers: exit 1 with the same sentence, instead of hanging', async () => {
    const result = await cli.run(['ask', '--vault', await newVault(), '--base-url', wrong.silent, '--model', 'm', '--timeout', '1', 'How long do refunds take?']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`${new URL(wrong.silent).host} sent nothing for 1 second, so Glassbox stopped waiting; raise --timeout if the model is just slow.\n`);
  });

  it.each([['0'], ['2.5'], ['soon'], ['3601']])('--timeout %s is a usage error (exit 2)', async (value) => {
    const io = captureIo();
    await expect(runCli(['ask', '--vault', '.', '--model', 'm', '--timeout', value, 'q'], io)).resolves.toBe(2);
    expect(io.err()).toBe(`--timeout must be a whole number of seconds from 1 to 3600, not "${value}".\n`);
  });
});

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConversationNote } from '../../src/conversation';
import { parseAssistantContent } from '../../src/markers';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';
import { chatRequests } from '../support/wire-messages';

// The built CLI (dist/cli.js as `npm run build` makes it) against a scripted server that behaves
// like the real ones in ../shared/fixtures/model-servers (DESIGN.md 12.1).
let cli: BuiltCli;
let server: ModelServer;
const vaults: string[] = [];

beforeAll(async () => {
  cli = await buildCli();
  server = await startModelServer({
    scenarios: {
      // OpenRouter: an error chunk inside the 200 stream, after part of the answer.
      'error-chunk': scenario().turn((t) => t.text('Refunds are paid within', { chunkChars: 4 }).streamError('Upstream provider went away')),
      // A call with usage, then an answer from a server that sends none (it ends at [DONE]).
      'usage-mixed': scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'refunds' }).usage(2300, 20))
        .turn((t) => t.text('Refunds are paid within 14 days [[Refund policy]].').raw('[DONE]')),
      // Ollama's 400 for a model without the tools capability; it answers a request without tools.
      'gemma3:4b': scenario().turn((t) => t.httpError(400, 'registry.ollama.ai/library/gemma3:4b does not support tools', { onlyWithTools: true }).text('Refunds are paid within 14 days [[Refund policy]].')),
      // A model that prints its call as text (Hermes / Qwen), then answers.
      'text-call': scenario()
        .turn((t) => t.text('<tool_call>\n{"name": "localSearch", "arguments": {"query": "refunds"}}\n</tool_call>', { chunkChars: 6 }))
        .turn((t) => t.text('Refunds are paid within 14 days [[Refund policy]].')),
    },
  });
});

afterAll(async () => {
  await Promise.all([server.close(), cli.remove(), ...vaults.map((vault) => rm(vault, { recursive: true, force: true }))]);
});

async function newVault(): Promise<string> {
  const vault = await mkdtemp(join(tmpdir(), 'glassbox-servers-'));
  vaults.push(vault);
  await writeFile(join(vault, 'Refund policy.md'), '# Refund policy\n\nRefunds are paid within 14 days.\n');
  return vault;
}

async function savedAnswer(vault: string) {
  const note = parseConversationNote(await readFile(join(vault, 'Glassbox/Conversations/How long do refunds take.md'), 'utf8'));
  if (!note.ok) throw new Error('the saved note does not parse');
  return parseAssistantContent(note.value.messages[1]?.content ?? '');
}

describe('glassbox ask against servers as they are', () => {
  it("an error chunk inside the stream: exit 1 with the provider's message, the partial answer shown and saved", async () => {
    const vault = await newVault();
    const result = await cli.run(['ask', '--vault', vault, '--base-url', server.url, '--model', 'error-chunk', '--save', 'How long do refunds take?']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Upstream provider went away');
    expect(result.stdout).toContain('Refunds are paid within');
    const answer = await savedAnswer(vault);
    expect(answer.reasoning).toMatchObject({ status: 'error' });
    expect(answer.text).toContain('Refunds are paid within');
  });

  it('a tool call written as text runs: the search happens and the call is not the answer', async () => {
    const vault = await newVault();
    const result = await cli.run(['ask', '--vault', vault, '--base-url', server.url, '--model', 'text-call', '--events', 'jsonl', 'How long do refunds take?']);
    expect(result.status).toBe(0);
    const events = result.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { type: string; name?: string; text?: string });
    expect(events.filter((event) => event.type === 'tool_start').map((event) => event.name)).toEqual(['localSearch']);
    const answer = events.flatMap((event) => (event.type === 'text_delta' ? [event.text ?? ''] : [])).join('');
    expect(answer).toBe('Refunds are paid within 14 days [[Refund policy]].');
  });

  it('keeps each model call in the saved trace, and inspect shows their usage, the estimated one marked', async () => {
    const vault = await newVault();
    const asked = await cli.run(['ask', '--vault', vault, '--base-url', server.url, '--model', 'usage-mixed', '--save', 'How long do refunds take?']);
    expect(asked.status).toBe(0);
    const inspected = await cli.run(['inspect', join(vault, 'Glassbox/Conversations/How long do refunds take.md')]);
    expect(inspected.status).toBe(0);
    const output = JSON.parse(inspected.stdout) as { messages: { reasoning?: { usage?: { estimated?: boolean }; turns?: { at: number; durationMs: number; usage?: { promptTokens: number; completionTokens: number; estimated?: boolean } }[] } }[] };
    const reasoning = output.messages[1]?.reasoning;
    expect(reasoning?.turns?.map((turn) => turn.usage?.estimated === true)).toEqual([false, true]);
    expect(reasoning?.turns?.[0]?.usage).toEqual({ promptTokens: 2300, completionTokens: 20 });
    expect(reasoning?.usage?.estimated).toBe(true);
  });

  it('a model the server refuses tools for is answered from a search of the vault, with the reason in the trace', async () => {
    const vault = await newVault();
    const result = await cli.run(['ask', '--vault', vault, '--base-url', server.url, '--model', 'gemma3:4b', '--events', 'jsonl', 'How long do refunds take?']);
    expect(result.status).toBe(0);
    const events = result.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { type: string; step?: { kind: string; summary: string; detail?: string }; text?: string });
    // The refusal's notice (a pipe on a small window also says which write tools it withheld).
    const notice = events.find((event) => event.type === 'step' && event.step?.kind === 'notice' && event.step.detail?.includes('does not support tools') === true)?.step;
    expect(notice?.detail).toContain('does not support tools');
    expect(events.flatMap((event) => (event.type === 'text_delta' ? [event.text ?? ''] : [])).join('')).toBe('Refunds are paid within 14 days [[Refund policy]].');
    const sent = chatRequests(server).filter((request) => request.body?.model === 'gemma3:4b');
    expect(sent.map((request) => request.body?.tools !== undefined)).toEqual([true, false]);
    // The search for the question ran over the vault and went with the request.
    expect(JSON.stringify(sent[1]?.body?.messages)).toContain('Refund policy');
  });
});

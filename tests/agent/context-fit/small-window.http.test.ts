import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAgent } from '../../../src/agent/run-agent';
import { createCliApprovalGate } from '../../../src/cli/cli-approval-gate';
import { NodeNoteWriter } from '../../../src/cli/node-note-writer';
import { createOpenAiChatModel, discoverContextWindow, type LlmMessage } from '../../../src/llm';
import { createVaultTools } from '../../../src/search';
import { VaultIndex } from '../../../src/search/vault-index';
import { createWriteTools } from '../../../src/writes/write-tools';
import { countTokens, prefixWithinTokens } from '../../../src/agent/context-fit/count-tokens';
import { longNotesTool } from '../../support/long-notes-tool';
import { type ImitatedServer, proseOf, startImitatedServer } from '../../support/imitated-model-servers';
import { MemoryVaultSource } from '../../search/support/memory-vault-source';

// DESIGN.md 13.6 (issue 38): six turns whose tool results are 2,000 tokens each, on a 4,096-token
// llama.cpp window, through the openai SDK over HTTP, with the tools the CLI offers in a pipe
// (the vault's, and note writes that no one can approve there). Each turn's request still holds
// the previous turn's answer: the standing part is small enough to leave room for it.

const MODEL = 'qwen3:8b';
const WINDOW = 4096;

/**
 * readNote over notes of 2,000 tokens each by the estimate the fitter counts with (about 1,150 by
 * cl100k_base for this plain prose, which the estimate overcounts), in one piece: the vault's own
 * readNote serves 4,000-character chunks.
 */
const noteText = (seed: number) => {
  const text = proseOf(2000, seed);
  return text.slice(0, prefixWithinTokens(text, 2000));
};
const longNotes = longNotesTool((path) => noteText(Number(/\d+/.exec(path)?.[0] ?? 0) * 31));

let server: ImitatedServer;
let vault: string;

beforeAll(async () => {
  server = await startImitatedServer('llama.cpp', { window: WINDOW, model: MODEL });
  vault = await mkdtemp(join(tmpdir(), 'glassbox-small-window-'));
});

afterAll(async () => {
  await server.close();
  await rm(vault, { recursive: true, force: true });
});

it('keeps the previous answer through six turns of 2,000-token tool results on a 4,096-token window', async () => {
  const contextWindow = await discoverContextWindow({ baseUrl: server.url, model: MODEL });
  expect(contextWindow.tokens).toBe(WINDOW);
  const source = new MemoryVaultSource({});
  const vaultTools = createVaultTools({ index: new VaultIndex(source), source }).filter((tool) => tool.name !== 'readNote');
  const tools = [...vaultTools, longNotes, ...createWriteTools({ writer: new NodeNoteWriter(vault), conversationsFolder: () => 'Glassbox/Conversations' })];
  const approvals = createCliApprovalGate({ allowMcp: false, allowWrites: false, prompt: undefined, stderr: { write: () => true } });
  let history: LlmMessage[] = [];
  for (let turn = 1; turn <= 6; turn++) {
    const question = `What is in long note ${turn}?`;
    const chatsBefore = server.chats.length;
    const result = await runAgent({ model: createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }), modelName: MODEL, tools, question, history, contextWindow, approvals, signal: new AbortController().signal, onEvent: () => undefined });
    expect(result.error).toBeUndefined();
    expect(result.status).toBe('complete');
    expect(result.answer).toContain(`Read it: Long ${turn}.md`);
    const toolResult = result.transcript.find((message) => message.role === 'tool');
    expect(countTokens(toolResult?.content ?? '')).toBeGreaterThanOrEqual(2000);
    if (turn > 1) {
      // Every request of this turn still carries the previous turn's answer.
      for (const chat of server.chats.slice(chatsBefore)) {
        expect(chat.messages.some((message) => message.role === 'assistant' && (message.content ?? '').includes(`Read it: Long ${turn - 1}.md`))).toBe(true);
      }
    }
    history = [...history, { role: 'user', content: question }, ...result.transcript];
  }
  expect(server.chats).toHaveLength(12);
  for (const chat of server.chats) expect(chat.tokens).toBeLessThanOrEqual(WINDOW);
});

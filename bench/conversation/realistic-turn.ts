import { join } from 'node:path';
import { runAgent } from '../../src/agent/run-agent';
import { NodeVaultSource } from '../../src/cli/node-vault-source';
import { createConversation, type Conversation } from '../../src/conversation';
import type { ChatModel, LlmDelta, LlmRequest } from '../../src/llm/chat-types';
import { createVaultTools, VaultIndex } from '../../src/search';

const T0 = Date.UTC(2026, 10, 22, 10, 15);

const QUESTION = 'How long do riders wait for a refund to their card, and who approves refunds above the limit?';

const ANSWER = [
  'Riders get their refund as **ride credit** by default; if they ask for the card instead, it arrives',
  'within **5–10 working days** ([[Expense and refunds policy]]).',
  '',
  'Support staff may refund up to **€20** per rider per month without approval. Above that, the',
  'support lead approves it: "above that, ask the support lead ([[Eli Novak]])". The limit was raised',
  'from €10 to €20 after the [[2026-09-17 Pricing review]].',
].join('\n');

/** The tool calls of the turn: two searches, then two reads, one per model call, as a small model makes them. */
const CALLS: readonly { name: string; args: Record<string, unknown> }[] = [
  { name: 'localSearch', args: { query: 'rider refund card days' } },
  { name: 'localSearch', args: { query: 'refund approval limit support lead' } },
  { name: 'readNote', args: { path: 'Handbook/Expense and refunds policy.md' } },
  { name: 'readNote', args: { path: 'Meetings/2026-09-17 Pricing review.md' } },
];

/** Plays the calls above, then the answer; no network. */
class ScriptModel implements ChatModel {
  private call = 0;

  async *stream(_request: LlmRequest, _signal: AbortSignal): AsyncIterable<LlmDelta> {
    await Promise.resolve();
    const next = CALLS[this.call];
    this.call += 1;
    if (next !== undefined) {
      yield { type: 'tool_call', index: 0, call: { id: `call_${this.call}`, name: next.name, arguments: JSON.stringify(next.args) } };
      yield { type: 'finish', reason: 'tool_calls' };
      return;
    }
    yield { type: 'text', text: ANSWER };
    yield { type: 'finish', reason: 'stop' };
  }
}

/**
 * One realistic turn over the demo vault, through the real runner and the real vault tools:
 * two searches and two note reads, then a cited answer. Saved as the chat view saves it.
 */
export async function buildRealisticTurn(): Promise<Conversation> {
  const source = new NodeVaultSource(join(__dirname, '../../demo-vault'));
  const index = await VaultIndex.build(source);
  let clock = T0;
  const result = await runAgent({
    model: new ScriptModel(),
    modelName: 'bench-model',
    tools: createVaultTools({ index, source }),
    question: QUESTION,
    history: [],
    signal: new AbortController().signal,
    now: () => (clock += 700),
    runId: 'bench',
    onEvent: () => undefined,
  });
  if (result.status !== 'complete') throw new Error(`the bench turn ended ${result.status}`);
  return {
    ...createConversation({ model: 'bench-model', now: T0, id: 'gb-bench-turn', title: QUESTION }),
    messages: [
      { id: 'u1', role: 'user', at: T0, content: QUESTION },
      { id: 'a1', role: 'assistant', at: T0, content: result.content, transcript: result.transcript },
    ],
  };
}

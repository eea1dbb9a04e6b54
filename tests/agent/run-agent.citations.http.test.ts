import { runAgent } from '../../src/agent/run-agent';
import type { AgentEvent } from '../../src/agent/events';
import { createOpenAiChatModel, type LlmMessage } from '../../src/llm';
import { citationsOf, parseAssistantContent, type ReasoningCitation } from '../../src/markers';
import { createVaultTools, indexContextNotes, VaultIndex } from '../../src/search';
import { attachQuestionContext } from '../../src/search/context';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { immediate, MemoryVaultSource } from '../search/support/memory-vault-source';

// Issue 39 (DESIGN.md 13.3): after the answer the run checks its citations against the notes
// whose text reached the model (search passages, readNote, attachments) and sends a `citations`
// event just before `run_end`; the verdicts are kept in the saved trace. Real SDK, real HTTP.
const NOTES = {
  'Handbook/Refund policy.md': '# Refund policy\n\nRefunds are paid\nwithin 14 days of the return.\n',
  'Handbook/Pricing.md': '# Pricing\n\nThe studio plan costs $40 a month.\n',
  'Handbook/Escalation.md': '# Escalation\n\nRefunds over 500 EUR need finance to approve them.\n',
  'Meetings/Standup.md': '# Standup\n\nNothing about money here.\n',
};
const ANSWER = 'Refunds are paid “within 14 days of the return” ([[Refund policy]]). Big ones need finance ([[escalation]]), and “refunds are instant” per [[Pricing]]. See [[Nowhere]].';
let server: ModelServer;

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      cites: scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'finance approve' }, { id: 'call_1' }))
        .turn((t) => t.toolCall('readNote', { path: 'Refund policy' }, { id: 'call_2' }))
        .turn((t) => t.text(ANSWER, { chunkChars: 20 })),
      attached: scenario().turn((t) => t.text('As the note says, “the studio plan costs $40 a month” [[Pricing]].')),
      'no-links': scenario().turn((t) => t.text('Refunds take 14 days.')),
      'cites-again': scenario().turn((t) => t.text('As before: “within 14 days of the return” [[Refund policy]].')),
    },
  });
});

afterAll(() => server.close());

async function run(model: string, question: string, history: LlmMessage[] = []): Promise<{ events: AgentEvent[]; content: string; transcript: readonly LlmMessage[] }> {
  const source = new MemoryVaultSource(NOTES);
  const index = await VaultIndex.build(source, { yieldToHost: immediate });
  const notes = indexContextNotes({ index, source });
  const context = await attachQuestionContext({ question, notes, budgetTokens: 4_000 });
  const events: AgentEvent[] = [];
  const result = await runAgent({
    model: createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }),
    modelName: model,
    tools: createVaultTools({ index, source }),
    question,
    history,
    signal: new AbortController().signal,
    onEvent: (event) => events.push(event),
    context,
    citationNotes: notes,
  });
  return { events, content: result.content, transcript: result.transcript };
}

describe('runAgent citations (issue 39)', () => {
  it('sends each citation read, unread or missing, and each quote found or not, just before run_end', async () => {
    const { events } = await run('cites', 'How long do refunds take?');
    expect(events.slice(-2).map((event) => event.type)).toEqual(['citations', 'run_end']);
    const citations = (events.at(-2) as Extract<AgentEvent, { type: 'citations' }>).citations;
    expect(citations).toEqual<ReasoningCitation[]>([
      { target: 'Refund policy', status: 'read', path: 'Handbook/Refund policy.md', quotes: [{ text: 'within 14 days of the return', found: true, line: 4 }] },
      // The search passage gave the model its text, so it counts as read.
      { target: 'escalation', status: 'read', path: 'Handbook/Escalation.md', quotes: [] },
      { target: 'Pricing', status: 'unread', path: 'Handbook/Pricing.md', quotes: [{ text: 'refunds are instant', found: false }] },
      { target: 'Nowhere', status: 'missing', quotes: [] },
    ]);
  });

  it('keeps the verdicts in the saved trace', async () => {
    const { events, content } = await run('cites', 'How long do refunds take?');
    const saved = parseAssistantContent(content).reasoning;
    expect(citationsOf(saved)).toHaveLength(4);
    expect(citationsOf(saved)).toEqual((events.at(-2) as Extract<AgentEvent, { type: 'citations' }>).citations);
  });

  it('counts a note attached to the question (a typed [[link]]) as read', async () => {
    const { events } = await run('attached', 'What does [[Pricing]] say about the plan?');
    const citations = events.find((event) => event.type === 'citations');
    expect(citations).toMatchObject({ citations: [{ target: 'Pricing', status: 'read', quotes: [{ text: 'the studio plan costs $40 a month', found: true, line: 3 }] }] });
  });

  it('counts a note read by an earlier turn whose results the history sends again (a follow-up, a Continue)', async () => {
    const question = 'How long do refunds take?';
    const first = await run('cites', question);
    const history: LlmMessage[] = [{ role: 'user', content: question }, ...first.transcript];
    const again = await run('cites-again', 'And again?', history);
    expect(again.events.find((event) => event.type === 'citations')).toMatchObject({ citations: [{ target: 'Refund policy', status: 'read', quotes: [{ found: true }] }] });
    const alone = await run('cites-again', 'And again?');
    expect(alone.events.find((event) => event.type === 'citations')).toMatchObject({ citations: [{ target: 'Refund policy', status: 'unread' }] });
  });

  it('sends no citations event when the answer cites nothing', async () => {
    const { events } = await run('no-links', 'How long do refunds take?');
    expect(events.some((event) => event.type === 'citations')).toBe(false);
    expect(events.at(-1)?.type).toBe('run_end');
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';
import { searchConversationTurns, type ConversationTurn } from '../../src/traces/conversation-turn-search';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { captureIo } from '../support/capture-io';

// The agent's `searchConversations` tool (DESIGN.md 13.5) in `glassbox ask`, over conversations
// the real runner saved: "what did we discuss about X" finds the earlier question and answer;
// ordinary search never shows the conversations folder.

let server: ModelServer;
let vault: string;

interface ToolEnd {
  type: string;
  name?: string;
  output?: string;
}

async function askJsonl(model: string, question: string, save = false): Promise<ToolEnd[]> {
  const io = captureIo();
  const status = await runCli(['ask', '--vault', vault, '--base-url', server.url, '--model', model, '--events', 'jsonl', ...(save ? ['--save'] : []), question], io);
  expect(status).toBe(0);
  return io
    .out()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ToolEnd);
}

function offeredTools(): string[] {
  const last = server.requests.filter((request) => request.path.endsWith('/chat/completions')).at(-1);
  return (last?.body?.tools ?? []).map((tool) => tool.function?.name ?? '');
}

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      pricing: scenario().turn((t) => t.text('We decided the monthly pass costs €12.90 ([[Pricing review]]).')),
      vacation: scenario().turn((t) => t.text('Everyone has 25 vacation days ([[Vacation]]).')),
      recall: scenario()
        .turn((t) => t.toolCall('searchConversations', { query: 'pricing pass' }))
        .turn((t) => t.text('Earlier we said €12.90.')),
      searcher: scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'monthly pass' }))
        .turn((t) => t.text('See the notes.')),
    },
  });
  vault = await mkdtemp(join(tmpdir(), 'glassbox-search-conversations-'));
  await mkdir(join(vault, 'Meetings'));
  await writeFile(join(vault, 'Meetings', 'Pricing review.md'), '# Pricing review\n\nThe monthly pass is €12.90.\n');
});

afterAll(async () => {
  await server.close();
  await rm(vault, { recursive: true, force: true });
});

describe('searchConversations in glassbox ask', () => {
  it('is not offered while no conversation is saved', async () => {
    await askJsonl('pricing', 'What did we decide about the monthly pass price?', true);
    expect(offeredTools()).not.toContain('searchConversations');
    expect(offeredTools()).toContain('localSearch');
  });

  it('finds the earlier question and answer about the subject, and not the others', async () => {
    await askJsonl('vacation', 'How many vacation days do we get?', true);
    const events = await askJsonl('recall', 'What did we discuss about pricing?');
    expect(offeredTools()).toContain('searchConversations');
    const found = events.find((event) => event.type === 'tool_end' && event.name === 'searchConversations');
    expect(found?.output).toContain('Question: What did we decide about the monthly pass price?');
    expect(found?.output).toContain('Answer: We decided the monthly pass costs €12.90 ([[Pricing review]]).');
    expect(found?.output).toMatch(/\(Glassbox\/Conversations\/What did we decide about the monthly pass price\.md\) · asked \d{4}-\d{2}-\d{2}/);
    expect(found?.output).not.toContain('vacation days');
  });

  it('leaves the conversations out of ordinary search: localSearch finds the note, never the conversation about it', async () => {
    const events = await askJsonl('searcher', 'Where is the monthly pass price?');
    const output = events.find((event) => event.type === 'tool_end' && event.name === 'localSearch')?.output ?? '';
    expect(output).toContain('(Meetings/Pricing review.md)');
    expect(output).not.toContain('Glassbox/Conversations');
  });
});

describe('searchConversationTurns', () => {
  const turn = (title: string, question: string, answer: string, at: number): ConversationTurn => ({ note: `Glassbox/Conversations/${title}.md`, title, at, question, answer });
  const turns = [
    turn('Preise', 'Was haben wir zu den Preisen beschlossen?', 'Das Monatsabo kostet 12,90 €.', 1),
    turn('休暇', '休暇は何日ありますか？', '年に25日の休暇があります。', 2),
    turn('Refunds', 'How do refunds work?', 'Refunds are paid within 30 days.', 3),
  ];

  it('ranks by the words of the question and answer, in any language, and leaves out turns without them', () => {
    expect(searchConversationTurns(turns, 'Preisen').map((found) => found.turn.title)).toEqual(['Preise']);
    expect(searchConversationTurns(turns, '休暇').map((found) => found.turn.title)).toEqual(['休暇']);
    expect(searchConversationTurns(turns, 'refund').map((found) => found.turn.title)).toEqual(['Refunds']);
    expect(searchConversationTurns(turns, 'weather')).toEqual([]);
  });
});

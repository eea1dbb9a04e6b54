import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toLlmToolSchema } from '../../../src/agent/tool-schema';
import { createOpenAiChatModel, type LlmMessage } from '../../../src/llm';
import { salientWords } from '../../../tools/model-server';
import { collectStream } from '../../support/collect-llm-stream';
import { useDemoVaultServer } from './support/demo-vault-server';

// Which sentence the extractive model quotes, for realistic questions over the demo vault. The
// expected sentences were picked by reading the notes: they are what a person would quote.
const world = useDemoVaultServer();

/** Plays the tools loop by hand with the real vault tools; returns the answer's quotes and the notes read. */
async function quotesFor(question: string): Promise<{ quotes: { title: string; sentence: string }[]; reads: string[]; query: string }> {
  const model = createOpenAiChatModel({ baseUrl: world.server.url });
  const messages: LlmMessage[] = [{ role: 'user', content: question }];
  const reads: string[] = [];
  let query = '';
  for (let step = 0; step < 5; step++) {
    const result = await collectStream(model, { model: 'extractive', messages, tools: world.tools.map(toLlmToolSchema) });
    expect(result.error).toBeUndefined();
    if (result.toolCalls.length === 0) {
      const quotes = [...result.text.matchAll(/^- \[\[(.+?)\]\]: "(.+)"$/gm)].map(([, title, sentence]) => ({ title: title, sentence: sentence }));
      for (const quote of quotes) {
        const path = reads.find((read) => read.endsWith(`/${quote.title}.md`) || read === `${quote.title}.md`);
        expect(path).toBeDefined();
        expect(readFileSync(join(world.vaultDir, path!), 'utf8').replace(/\s+/g, ' ')).toContain(quote.sentence);
      }
      return { quotes, reads, query };
    }
    messages.push({ role: 'assistant', content: result.text, toolCalls: result.toolCalls });
    for (const call of result.toolCalls) {
      const tool = world.tools.find((candidate) => candidate.name === call.name)!;
      const args = tool.schema.parse(JSON.parse(call.arguments)) as Record<string, string>;
      if (call.name === 'readNote') reads.push(args.path);
      if (call.name === 'localSearch') query = args.query!;
      const output = await tool.execute(args, { signal: new AbortController().signal, now: () => 0 });
      messages.push({ role: 'tool', toolCallId: call.id, content: output.output });
    }
  }
  throw new Error('The extractive model did not answer within 5 calls.');
}

describe('extractive answer quality over demo-vault', () => {
  it('quotes the receipts deadline, not an incident retro, for the expense refund question', async () => {
    const { quotes } = await quotesFor('How long do I have to file an expense refund?');
    expect(quotes[0]).toEqual({ title: 'Expense and refunds policy', sentence: 'Submit receipts within **30 days** through the finance form.' });
    expect(quotes.map((quote) => quote.sentence).join('\n')).not.toContain('Automatic refunds worked');
  });

  // Issue 38 item 2: the demo's suggested first question quoted a parenthesis and cut off the decision.
  it('quotes the whole pricing decision, a sentence wrapped over two lines', async () => {
    const { quotes } = await quotesFor('What did we decide about pricing?');
    expect(quotes[0].title).toBe('Pedalpath pricing experiment');
    expect(quotes[0].sentence).toMatch(/^Passes become the default offer for new riders from 1 November 2026, at €12\.90 \(decided at the \[\[2026-09-17 Pricing review\]\]/);
  });

  it('quotes the on-call pay sentence and not the payment-failure runbook', async () => {
    const { quotes } = await quotesFor('How much is on-call pay?');
    expect(quotes[0]).toEqual({ title: 'On-call rotation', sentence: '€300 per on-call week, plus time off in lieu for any night call longer than one hour.' });
    expect(quotes.map((quote) => quote.sentence).join('\n')).not.toMatch(/Payment failures|See \[\[On-call rotation\]\]/);
  });

  it('names who approves expenses above €1,000', async () => {
    const { quotes, query } = await quotesFor('Who approves expenses above €1,000?');
    expect(query).toContain('1,000');
    expect(quotes.length).toBeGreaterThanOrEqual(1);
    // Either Ana's own note or the policy that names her.
    for (const quote of quotes) expect(`${quote.title} ${quote.sentence}`).toMatch(/Ana Ruiz/);
    expect(quotes.some((quote) => quote.sentence.includes('€1,000'))).toBe(true);
  });

  it('quotes the staged rollout percentages', async () => {
    const { quotes } = await quotesFor('What are the staged rollout percentages for the dock firmware?');
    expect(quotes[0].sentence).toContain('5% → 25% → 100%');
    expect(quotes.map((quote) => quote.sentence).join('\n')).not.toContain('No staged rollout, no automatic rollback');
  });

  it('quotes when the on-call handover is', async () => {
    const { quotes } = await quotesFor('When is the on-call handover?');
    expect(quotes).toEqual([{ title: 'On-call rotation', sentence: 'One primary and one secondary engineer, one week each, handover on **Tuesday at 11:00**.' }]);
  });

  it('quotes the travel meal allowance', async () => {
    const { quotes } = await quotesFor('How much can I spend on meals while travelling?');
    expect(quotes).toEqual([{ title: 'Expense and refunds policy', sentence: 'Meals while travelling: up to €45 a day.' }]);
  });
});

describe('salient words', () => {
  it('drops question phrases like "how long" and "how much" but keeps numbers whole', () => {
    expect(salientWords('How long do I have to file an expense refund?')).toEqual(['file', 'expense', 'refund']);
    expect(salientWords('How much is on-call pay?')).toEqual(['on-call', 'pay']);
    expect(salientWords('Who approves expenses above €1,000?')).toEqual(['approves', 'expenses', '1,000']);
    expect(salientWords('How many days until refunds are processed?')).toEqual(['days', 'refunds', 'processed']);
  });
});

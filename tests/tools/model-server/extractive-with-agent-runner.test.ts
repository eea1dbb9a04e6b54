import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentLoopStyle, AgentRunOptions } from '../../../src/agent';
import { runAgent } from '../../../src/agent/run-agent';
import { createOpenAiChatModel } from '../../../src/llm';
import type { ReasoningStep } from '../../../src/markers/reasoning-payload';
import { useDemoVaultServer } from './support/demo-vault-server';

// The whole chain a user runs with `glassbox ask --model extractive`: the real runner (both loop
// styles), the real openai-SDK client over HTTP, the extractive policy and the real vault tools.
const world = useDemoVaultServer();

async function ask(question: string, loopStyle: AgentLoopStyle, askUser?: AgentRunOptions['askUser']) {
  const result = await runAgent({
    ...(askUser ? { askUser } : {}),
    model: createOpenAiChatModel({ baseUrl: world.server.url }),
    modelName: 'extractive',
    tools: world.tools,
    question,
    history: [],
    signal: new AbortController().signal,
    onEvent: () => undefined,
    loopStyle,
    maxIterations: 6,
  });
  const reads = result.payload.steps.flatMap((step) => (step.tool?.name === 'readNote' ? [String(step.tool.args.path)] : []));
  return { result, reads, steps: result.payload.steps };
}

/** Every `[[Title]]: "sentence"` quote of the answer is a verbatim piece of a note the run read. */
function expectQuotesFromReadNotes(answer: string, reads: readonly string[]): string[] {
  const quotes = [...answer.matchAll(/^- \[\[(.+?)\]\]: "(.+)"$/gm)];
  expect(quotes.length).toBeGreaterThanOrEqual(1);
  for (const [, title, sentence] of quotes) {
    const path = reads.find((read) => read.endsWith(`/${title}.md`) || read === `${title}.md`);
    expect(path).toBeDefined();
    expect(readFileSync(join(world.vaultDir, path!), 'utf8').replace(/\s+/g, ' ')).toContain(sentence);
  }
  return quotes.map((quote) => quote[2]);
}

const summaries = (steps: readonly ReasoningStep[], kind: string) => steps.filter((step) => step.kind === kind).map((step) => step.summary);

describe('the extractive policy driven by the real agent runner', () => {
  it('reason-act-observe: plans, acts, observes and answers with a quote from a note it read', async () => {
    const { result, reads, steps } = await ask('How long do I have to file an expense refund?', 'reason-act-observe');
    expect(result.status).toBe('complete');
    const plans = summaries(steps, 'reason');
    const observations = summaries(steps, 'observe');
    // Two cycles: search, then read; the second observation ends the run with the answer.
    expect(plans).toHaveLength(2);
    expect(observations).toHaveLength(2);
    expect(plans[0]).toMatch(/localSearch/);
    expect(plans[1]).toMatch(/readNote/);
    expect(plans[1]).toContain('Expense and refunds policy');
    expect(observations[0]).toMatch(/search found .*\[\[Expense and refunds policy\]\]/i);
    expect(observations[1]).toMatch(/\[\[Expense and refunds policy\]\]/);
    for (const summary of [...plans, ...observations]) {
      expect(summary).not.toMatch(/cannot search|\{|"plan"|should_continue/i);
      expect(summary.length).toBeGreaterThan(20);
    }
    // The phases came in order: reason, tool steps, observe; twice.
    const kinds = steps.map((step) => step.kind).filter((kind) => kind === 'reason' || kind === 'observe' || kind === 'tool');
    expect(kinds.slice(0, 2)).toEqual(['reason', 'tool']);
    expect(kinds.at(-1)).toBe('observe');
    expect(reads[0]).toBe('Handbook/Expense and refunds policy.md');
    const quotes = expectQuotesFromReadNotes(result.answer, reads);
    expect(quotes).toContain('Submit receipts within **30 days** through the finance form.');
    expect(result.answer).not.toMatch(/cannot search|should_continue/);
    // The plan is the reasoning of each cycle: the act calls add no native reasoning bullets.
    expect(steps.filter((step) => step.kind === 'reasoning')).toEqual([]);
  });

  it('reason-act-observe: asks the user first when the question says "ask me", then searches and answers', async () => {
    const asked: string[] = [];
    const { result, reads, steps } = await ask('Ask me what to focus on, then tell me about the on-call rotation.', 'reason-act-observe', (request) => {
      asked.push(request.question);
      return Promise.resolve({ outcome: 'answered', answer: 'A short summary' });
    });
    expect(result.status).toBe('complete');
    expect(asked).toHaveLength(1);
    const plans = summaries(steps, 'reason');
    expect(plans[0]).toMatch(/request_input/);
    expect(plans[1]).toMatch(/localSearch/);
    expect(summaries(steps, 'observe')[0]).toContain('A short summary');
    expect(reads[0]).toBe('Handbook/On-call rotation.md');
    expectQuotesFromReadNotes(result.answer, reads);
  });

  it('tools: searches, reads and answers with a quote from a note it read', async () => {
    const { result, reads, steps } = await ask('How much is on-call pay?', 'tools');
    expect(result.status).toBe('complete');
    expect(steps.filter((step) => step.kind === 'tool').map((step) => step.tool?.name)).toEqual(['localSearch', ...reads.map(() => 'readNote')]);
    // report_thinking shows as a thought bullet of its own.
    expect(summaries(steps, 'thought')).toContain('Planning the search');
    // The tools loop has no phase calls.
    expect(steps.filter((step) => step.kind === 'reason' || step.kind === 'observe')).toEqual([]);
    expect(reads[0]).toBe('Handbook/On-call rotation.md');
    const quotes = expectQuotesFromReadNotes(result.answer, reads);
    expect(quotes).toContain('€300 per on-call week, plus time off in lieu for any night call longer than one hour.');
  });

  it('reason-act-observe: says so in the observation and the answer when the search finds nothing', async () => {
    const { result, steps } = await ask('What is the zyzzyva quokka protocol?', 'reason-act-observe');
    expect(result.status).toBe('complete');
    expect(summaries(steps, 'observe').at(-1)).toMatch(/no notes|nothing/i);
    expect(result.answer).toMatch(/could not find anything about .*zyzzyva/i);
  });
});

import { planRun, type RunPlannerHost, type RunScope } from '../../src/agent';
import type { ChatModel } from '../../src/llm';

// DESIGN.md 13.2: one planner for the plugin and the CLI. What each host answers is put together
// the same way: the window sets the attachments' budget, the question's scope and attached notes
// limit the tools, and what the host remembers of the model goes with the plan.

const model: ChatModel = { stream: async function* () {} };

function host(overrides: Partial<RunPlannerHost> = {}): RunPlannerHost & { budgets: number[]; scopes: (RunScope | undefined)[] } {
  const budgets: number[] = [];
  const scopes: (RunScope | undefined)[] = [];
  return {
    budgets,
    scopes,
    model: () => model,
    contextWindow: () => Promise.resolve({ tokens: 8192, source: 'server' }),
    attachmentTokens: 4000,
    notes: (_question, budgetTokens) => {
      budgets.push(budgetTokens);
      return Promise.resolve({ attachments: [{ path: 'Archive/Refunds.md', text: 'Fourteen days.', kind: 'note' }], missingLinks: [], scope: { folders: ['Projects'] } } as never);
    },
    images: () => Promise.resolve({ images: [], notices: ['The model takes no images: photo.png was not sent.'] }),
    tools: (scope) => {
      scopes.push(scope);
      return Promise.resolve({ tools: [], notice: 'The index is still being built.', notices: ['MCP server "files" did not start.'] });
    },
    refusedTools: (name) => (name === 'gemma3:4b' ? 'does not support tools' : undefined),
    ...overrides,
  };
}

describe('planRun', () => {
  it('gives the attachments a quarter of a small window, and the tools the scope plus the notes attached', async () => {
    const planner = host();
    const plan = await planRun(planner, 'gemma3:4b', { question: 'How long do refunds take?' });
    expect(planner.budgets).toEqual([2048]);
    expect(planner.scopes).toEqual([{ folders: ['Projects'], paths: ['Archive/Refunds.md'] }]);
    expect(plan.model).toBe(model);
    expect(plan.contextWindow).toEqual({ tokens: 8192, source: 'server' });
    // An image not sent is said above the composer too (issue 38 item 4), after the index's notice.
    expect(plan.notice).toBe('The index is still being built. The model takes no images: photo.png was not sent.');
    expect(plan.notices).toEqual(['MCP server "files" did not start.', 'The model takes no images: photo.png was not sent.']);
    expect(plan.withoutTools).toBe('does not support tools');
  });

  it('a question that attaches nothing runs over every note, and a model nothing is remembered of keeps its tools', async () => {
    const planner = host({ notes: () => Promise.resolve(undefined), contextWindow: () => Promise.resolve({ tokens: 128_000, source: 'setting' }) });
    const plan = await planRun(planner, 'qwen3:8b', { question: 'Hello?' });
    expect(planner.scopes).toEqual([undefined]);
    expect(plan.context).toBeUndefined();
    expect(plan.withoutTools).toBeUndefined();
    expect('withoutTools' in plan).toBe(false);
  });

  it('asks for the window while the host gets its tools ready, and tells the question that it waits', async () => {
    const steps: string[] = [];
    const waits: string[] = [];
    const planner = host({
      contextWindow: () => {
        steps.push('window asked');
        return Promise.resolve({ tokens: 8192, source: 'server' });
      },
      toolsReady: (onWaiting) => {
        steps.push('tools getting ready');
        onWaiting?.('Waiting for the vault index…');
        return Promise.resolve();
      },
      notes: () => {
        steps.push('notes read');
        return Promise.resolve(undefined);
      },
    });
    await planRun(planner, 'qwen3:8b', { question: 'Hello?', onWaiting: (what) => waits.push(what) });
    expect(steps).toEqual(['window asked', 'tools getting ready', 'notes read']);
    expect(waits).toEqual(['Waiting for the vault index…']);
  });
});

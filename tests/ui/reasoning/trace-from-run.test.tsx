import { fireEvent, render, screen, within } from '@testing-library/react';
import { runAgent } from '../../../src/agent/run-agent';
import { createOpenAiChatModel } from '../../../src/llm';
import { modelTurnsOf, parseAssistantContent, type ReasoningPayload } from '../../../src/markers';
import { AgentReasoningBlock } from '../../../src/ui/reasoning/AgentReasoningBlock';
import { DEFAULT_DISPLAY_OPTIONS, type ReasoningDisplayOptions } from '../../../src/ui/reasoning/display-options';
import { scenario, startModelServer, type ModelServer } from '../../../tools/model-server';
import { sampleReadTool, sampleSearchTool } from '../../support/sample-agent-tools';

// DESIGN.md 12.3 through the real runner and the openai SDK over HTTP to the scripted server:
// the saved trace keeps each step's time and each model turn's time, tokens and model; the
// block shows them, folds the searches and reads into one line, and prices the run only when
// the settings give its model a price.
const MODEL = 'trace-steps';
let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      [MODEL]: scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'refunds' }).usage(300, 20))
        .turn((t) => t.toolCall('localSearch', { query: 'returns' }).usage(400, 25))
        .turn((t) => t.toolCall('readNote', { path: 'Refund policy.md' }).toolCall('readNote', { path: 'Returns.md' }).usage(500, 30))
        // The answer's server reports no usage: Glassbox estimates it.
        .turn((t) => t.text('Refunds are paid within 14 days of the return ([[Refund policy]]).').raw('[DONE]')),
    },
  });
});
afterAll(() => server.close());

async function savedTrace(): Promise<ReasoningPayload> {
  const result = await runAgent({
    model: createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }),
    modelName: MODEL,
    tools: [sampleSearchTool(), sampleReadTool()],
    question: 'How long do refunds take?',
    history: [],
    signal: new AbortController().signal,
    onEvent: () => undefined,
  });
  // What the note keeps, read back as a reopened conversation reads it.
  const payload = parseAssistantContent(result.content).reasoning;
  if (payload === null) throw new Error('The answer has no trace.');
  return payload;
}

function show(payload: ReasoningPayload, display: Partial<ReasoningDisplayOptions> = {}) {
  const view = render(<AgentReasoningBlock payload={payload} live={false} display={{ ...DEFAULT_DISPLAY_OPTIONS, ...display }} />);
  fireEvent.click(screen.getByTestId('reasoning-header'));
  return view;
}

describe('a run\'s trace: time and tokens per step, cost, folded groups', () => {
  let payload: ReasoningPayload;
  beforeAll(async () => {
    payload = await savedTrace();
  });

  it('keeps every tool call\'s duration and every model turn\'s duration, tokens and model in the saved trace', () => {
    const tools = payload.steps.filter((step) => step.kind === 'tool');
    expect(tools.map((step) => step.tool?.name)).toEqual(['localSearch', 'localSearch', 'readNote', 'readNote']);
    for (const step of tools) expect(step.tool?.durationMs).toEqual(expect.any(Number));
    const turns = modelTurnsOf(payload);
    expect(turns.map((turn) => turn.model)).toEqual([MODEL, MODEL, MODEL, MODEL]);
    expect(turns.map((turn) => turn.usage)).toEqual([
      { promptTokens: 300, completionTokens: 20 },
      { promptTokens: 400, completionTokens: 25 },
      { promptTokens: 500, completionTokens: 30 },
      expect.objectContaining({ estimated: true }),
    ]);
    for (const turn of turns) expect(turn.durationMs).toEqual(expect.any(Number));
  });

  it('folds the searches and reads with their turns\' tokens into one line, which unfolds to each step and turn', () => {
    show(payload);
    const toggle = screen.getByRole('button', { name: 'Searched 2 times · read 2 notes · 1.3k tokens' });
    fireEvent.click(toggle);
    const group = screen.getByTestId('reasoning-step-group');
    expect(within(group).getAllByTestId('reasoning-step-summary').map((summary) => summary.textContent)).toEqual([
      'Found 2 notes: Refund policy, Escalation',
      'Found 0 notes:',
      'Reading Refund policy.md',
      'Reading Returns.md',
    ]);
    expect(within(group).getAllByTestId('reasoning-turn-tokens').map((tokens) => tokens.textContent)).toEqual(['300 in / 20 out', '400 in / 25 out', '500 in / 30 out']);
    // The answer's turn, estimated, on its own line after the group.
    const turns = screen.getAllByTestId('reasoning-model-turn');
    expect(turns).toHaveLength(4);
    expect(turns[3]?.textContent).toMatch(/^Model turn 4\d+ ms~[\d,]+ in \/ ~\d+ out$/);
  });

  it('shows the cost only when the settings price the model', () => {
    const usage = payload.usage;
    if (usage === undefined) throw new Error('The run has no usage.');
    const { unmount } = show(payload);
    expect(screen.getByTestId('reasoning-usage').textContent).not.toContain('Cost');
    unmount();
    show(payload, { modelPrices: { [MODEL]: { inputPerMillion: 2.5, outputPerMillion: 10 } } });
    const expected = (usage.promptTokens * 2.5 + usage.completionTokens * 10) / 1_000_000;
    expect(screen.getByTestId('reasoning-usage').textContent).toMatch(/^Time: [\d.]+ m?s · Tokens: ~[\d,]+ in \/ ~\d+ out · Cost: ~\$0\.\d+$/);
    expect(screen.getByTestId('reasoning-usage').textContent).toContain(`Cost: ~$${Number(expected.toPrecision(2))}`);
  });
});

import { countTokens } from '../../../src/agent/context-fit/count-tokens';
import { describeFit } from '../../../src/agent/context-fit/describe-fit';
import { fitRequest, type RequestParts } from '../../../src/agent/context-fit/fit-request';
import type { LlmMessage } from '../../../src/llm';
import { setUiLanguage } from '../../../src/i18n';

const long = (words: number, word = 'refund') => Array.from({ length: words }, (_, index) => `${word}${index % 10}`).join(' ');

/** An earlier turn: the question, a readNote call, its (long) result and the answer. */
function turn(index: number, resultWords = 600): LlmMessage[] {
  return [
    { role: 'user', content: `Question ${index}` },
    { role: 'assistant', content: '', toolCalls: [{ id: `c${index}`, name: 'readNote', arguments: `{"path":"Note ${index}.md"}` }] },
    { role: 'tool', toolCallId: `c${index}`, content: long(resultWords) },
    { role: 'assistant', content: `Answer ${index}` },
  ];
}

const base: RequestParts = { system: [{ role: 'system', content: 'You answer from the notes.' }], history: [], question: 'What now?', transcript: [], trailing: [], tools: [] };

describe('fitRequest', () => {
  it('sends a request that fits as it is', () => {
    const parts = { ...base, history: turn(1, 50) };
    const outcome = fitRequest(parts, 10_000);
    expect(outcome.fits && outcome.messages).toEqual([...base.system, ...turn(1, 50), { role: 'user', content: 'What now?' }]);
  });

  it('first keeps earlier tool results as one line each (tool, arguments, size), oldest first', () => {
    const history = [...turn(1), ...turn(2), ...turn(3)];
    const whole = fitRequest({ ...base, history }, Number.POSITIVE_INFINITY);
    if (!whole.fits) throw new Error('fits');
    // Room for all but about one and a half results.
    const outcome = fitRequest({ ...base, history }, whole.tokens - countTokens(long(600)) * 1.5);
    if (!outcome.fits) throw new Error('expected a fit');
    expect(outcome.report).toMatchObject({ earlierToolResults: 2, oldestTurns: 0 });
    const tools = outcome.messages.filter((message) => message.role === 'tool').map((message) => message.content);
    expect(tools[0]).toBe('[Left out to fit the context window: readNote {"path":"Note 1.md"} → 4,799 characters. Call it again if it is needed.]');
    expect(tools[1]).toMatch(/^\[Left out to fit the context window: readNote \{"path":"Note 2\.md"\}/);
    expect(tools[2]).toBe(long(600));
    expect(describeFit(outcome.report, 4096)).toBe('Left out 2 earlier tool results to fit 4,096 tokens');
  });

  it('then leaves out the oldest turns whole, then cuts the attachments with their notice; the question stays', () => {
    const history = [...turn(1, 2000), ...turn(2, 2000)];
    const text = long(3000, 'plan');
    const context = { attachments: [{ kind: 'note' as const, path: 'Projects/Plan.md', chars: text.length, text, cut: false }], missingLinks: [], budgetTokens: 12_000 };
    const outcome = fitRequest({ ...base, history, context }, 600);
    if (!outcome.fits) throw new Error(`expected a fit: ${JSON.stringify(outcome)}`);
    expect(outcome.report).toMatchObject({ earlierToolResults: 2, oldestTurns: 2, attachmentsCut: ['Plan'] });
    expect(outcome.tokens).toBeLessThanOrEqual(600);
    const question = outcome.messages.at(-1)?.content ?? '';
    expect(question).toMatch(/Note Projects\/Plan\.md \(cut: first \d+ of 17999 characters; readNote has the rest\)/);
    expect(question.endsWith('Question:\nWhat now?')).toBe(true);
    expect(describeFit(outcome.report, 4096)).toBe('Left out 2 earlier tool results and the 2 oldest turns and cut Plan to fit 4,096 tokens');
    // The trace's line in the UI's language (issue 29): German and Japanese, numbers as they write them.
    setUiLanguage('de');
    try {
      expect(describeFit(outcome.report, 4096)).toBe('Ausgelassen: 2 frühere Tool-Ergebnisse und die 2 ältesten Wortwechsel; gekürzt: Plan, damit es in 4.096 Tokens passt');
      expect(describeFit({ ...outcome.report, earlierToolResults: 0, oldestTurns: 0, attachmentsCut: [], latestToolResultsCut: 1 }, 8192)).toBe('Gekürzt: das neueste Tool-Ergebnis, damit es in 8.192 Tokens passt');
      setUiLanguage('ja');
      expect(describeFit(outcome.report, 4096)).toBe('以前のツール結果2件と最も古い2往復を省略し、Planを短縮（4,096トークンに収めるため）');
    } finally {
      setUiLanguage('en');
    }
  });

  it('cuts the latest tool results last, saying so in the result, and never the system prompt or the question', () => {
    const transcript: LlmMessage[] = [
      { role: 'assistant', content: '', toolCalls: [{ id: 'a', name: 'readNote', arguments: '{"path":"A.md"}' }] },
      { role: 'tool', toolCallId: 'a', content: long(1000) },
      { role: 'assistant', content: '', toolCalls: [{ id: 'b', name: 'readNote', arguments: '{"path":"B.md"}' }] },
      { role: 'tool', toolCallId: 'b', content: long(1000) },
    ];
    const outcome = fitRequest({ ...base, transcript }, 500);
    if (!outcome.fits) throw new Error('expected a fit');
    expect(outcome.report).toMatchObject({ runToolResults: 1, latestToolResultsCut: 1 });
    expect(outcome.messages[0]).toEqual(base.system[0]);
    expect(outcome.messages.find((message) => message.role === 'user')?.content).toBe('What now?');
    expect(outcome.messages.at(-1)?.content).toMatch(/\n\[Cut to fit the model's context window: first [\d,]+ of 7,999 characters\.\]$/);
  });

  it('says how much the question, the system prompt and the tools need when they alone do not fit', () => {
    const outcome = fitRequest({ ...base, question: long(2000) }, 1000);
    expect(outcome.fits).toBe(false);
    expect(!outcome.fits && outcome.requiredTokens).toBeGreaterThan(1000);
    expect(!outcome.fits && outcome.part).toBe('request');
  });

  it("blames this run's latest tool calls, with what they need, when the question alone fits but they do not (issue 38 item 17)", () => {
    const calls = Array.from({ length: 200 }, (_, index) => ({ id: `c${index}`, name: 'lookup', arguments: `{"n":${index}}` }));
    const transcript: LlmMessage[] = [{ role: 'assistant', content: '', toolCalls: calls }, ...calls.map((call) => ({ role: 'tool' as const, toolCallId: call.id, content: 'value' }))];
    const outcome = fitRequest({ ...base, transcript }, 1000);
    expect(outcome.fits).toBe(false);
    if (outcome.fits) return;
    expect(outcome.part).toBe('run');
    expect(outcome.requiredTokens).toBe(outcome.tokens);
    expect(outcome.requiredTokens).toBeGreaterThan(1000);
  });
});

describe('countTokens', () => {
  it('costs more per character for scripts that tokenise finer (CJK, Indic) than for English', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('退款在退货后十四天内支付')).toBeGreaterThan(countTokens('Refunds paid'));
    expect(countTokens('রিফান্ড')).toBeGreaterThanOrEqual(7);
  });
});

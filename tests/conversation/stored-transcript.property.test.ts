import fc from 'fast-check';
import { z } from 'zod';
import type { AgentTool } from '../../src/agent/agent-tool';
import { baselineOf, mergeConversationIntoNote, parseConversationNote, serializeConversationNote, type Conversation } from '../../src/conversation';
import type { LlmDelta } from '../../src/llm/chat-types';
import { runWithDefaults } from '../support/agent-run-harness';
import { anyText } from '../support/conversation-arbitraries';
import { ConversationBuilder } from '../support/conversation-builder';
import { FakeClock } from '../support/fake-clock';
import { say, ScriptedChatModel } from '../support/scripted-chat-model';

// Issue 15: a saved note holds each tool result once, and reading it gives back every result
// exactly (the transcript the model is sent when the chat continues), whatever the results hold.

/** One tool result: unique ASCII tags at both ends (so each end can be counted in the note) around hostile text. */
const resultBody = fc.oneof(
  anyText,
  fc.constantFrom('-->', '<!--REASONING_BLOCK:{"v":1}-->', '\n### 🧑 You\n', '```', '"quoted" \\ back\\slash', '日本語'),
  // Longer than the block's 4,000-character display limit: the tail lives in the transcript.
  fc.tuple(anyText, fc.integer({ min: 3_990, max: 9_000 })).map(([text, length]) => (text + 'x'.repeat(length)).slice(0, length)),
);

/** A run: model turns of one or more tool calls each, then the answer. */
const run: fc.Arbitrary<Run> = fc.record({
  turns: fc.array(fc.array(resultBody, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }),
  answer: anyText,
  nonce: fc.integer({ min: 0, max: 1e9 }),
});

const keySchema = z.object({ key: z.string() });

interface Run {
  readonly turns: readonly (readonly string[])[];
  readonly answer: string;
  readonly nonce: number;
}

async function savedRun(value: Run): Promise<{ conversation: Conversation; outputs: string[] }> {
  const outputs: string[] = [];
  const script: LlmDelta[][] = [];
  value.turns.forEach((calls, turn) => {
    script.push([
      ...calls.map((body, index) => {
        const key = String(outputs.length);
        outputs.push(`HEAD_${key}_${value.nonce}_${body}_TAIL_${key}_${value.nonce}`);
        return say.toolCall({ id: `call_${turn}_${index}`, name: 'fetchText', args: { key }, index });
      }),
      say.finish('tool_calls'),
    ]);
  });
  script.push([say.text(value.answer), say.finish('stop')]);
  const clock = new FakeClock();
  const tool: AgentTool<typeof keySchema> = {
    name: 'fetchText',
    description: 'Returns a stored text.',
    schema: keySchema,
    describeStart: (args) => `Fetching ${args.key}`,
    execute: (args) => Promise.resolve({ output: outputs[Number(args.key)] }),
  };
  const { result } = await runWithDefaults({ model: new ScriptedChatModel(script, clock), clock, tools: [tool], maxIterations: 20 });
  const conversation = new ConversationBuilder()
    .user('How long do refunds take?')
    .assistant(result.content, { transcript: [{ role: 'user', content: 'How long do refunds take?' }, ...result.transcript] })
    .build();
  return { conversation, outputs };
}

function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

describe('tool results stored once (issue 15)', () => {
  it('a saved run holds each result once and reads back every result exactly', async () => {
    await fc.assert(
      fc.asyncProperty(run, async (value) => {
        const { conversation, outputs } = await savedRun(value);
        const note = serializeConversationNote(conversation, { clock: 'utc' });
        for (const [index] of outputs.entries()) {
          expect(occurrences(note, `HEAD_${index}_${value.nonce}_`)).toBe(1);
          expect(occurrences(note, `_TAIL_${index}_${value.nonce}`)).toBe(1);
        }
        const parsed = parseConversationNote(note);
        expect(parsed.ok && parsed.warnings).toEqual([]);
        expect(parsed.ok && parsed.value).toStrictEqual(structuredClone(conversation));
        const toolResults = (parsed.ok ? (parsed.value.messages[1].transcript ?? []) : []).flatMap((message) => (message.role === 'tool' ? [message.content] : []));
        expect(toolResults).toEqual(outputs);
      }),
      { numRuns: 60 },
    );
  });

  it('a save that appends the run to a note keeps each result once', async () => {
    await fc.assert(
      fc.asyncProperty(run, async (value) => {
        const { conversation, outputs } = await savedRun(value);
        const first = { ...conversation, messages: [] };
        const merged = mergeConversationIntoNote({ currentText: serializeConversationNote(first), conversation, baseline: baselineOf(first) });
        if (!merged.ok) throw new Error('the merge refused its own note');
        for (const [index] of outputs.entries()) expect(occurrences(merged.text, `HEAD_${index}_${value.nonce}_`)).toBe(1);
        const parsed = parseConversationNote(merged.text);
        expect(parsed.ok && parsed.value.messages).toStrictEqual(structuredClone(conversation.messages));
      }),
      { numRuns: 30 },
    );
  });
});

import { createConversation, type Conversation, type ConversationMessage } from '../../src/conversation';
import type { LlmMessage } from '../../src/llm/chat-types';
import { composeAssistantContent, type ReasoningPayload, type ReasoningStep } from '../../src/markers';

const T0 = Date.UTC(2026, 10, 22, 10, 15);

/**
 * A long, realistic conversation: each turn a question, and an answer with a six-step reasoning
 * block (searches and reads with outputs), about 1.5 KB of Markdown with a code block and links,
 * and the provider transcript (tool calls and 2 KB tool results).
 */
export function buildLongConversation(turns: number): Conversation {
  const messages: ConversationMessage[] = [];
  for (let turn = 0; turn < turns; turn += 1) {
    const at = T0 + turn * 120_000;
    const question = `Question ${turn + 1}: what do my notes say about project ${turn % 17} and its budget for ${2020 + (turn % 7)}?`;
    const output = `Projects/Project ${turn % 17}.md — ${'The budget line was revised after the review. '.repeat(40)}`;
    const steps: ReasoningStep[] = Array.from({ length: 6 }, (_, index) => ({
      id: `s${index + 1}`,
      kind: 'tool' as const,
      summary: index % 2 === 0 ? `Searched notes for "project ${turn % 17} budget"` : `Read Projects/Project ${turn % 17}.md`,
      at: at + 1000 * (index + 1),
      tool: { name: index % 2 === 0 ? 'localSearch' : 'readNote', args: { query: `project ${turn % 17}` }, status: 'ok' as const, durationMs: 12, output: output.slice(0, 1500), outputChars: output.length },
    }));
    const payload: ReasoningPayload = { v: 1, status: 'complete', startedAt: at, answerStartedAt: at + 9000, endedAt: at + 14_000, elapsedMs: 9000, steps };
    const answer = [
      `## Project ${turn % 17}`,
      '',
      `${'The budget went up after the spring review, see [[Projects/Budget]] and [[Meetings/Review]]. '.repeat(8)}`,
      '',
      '```yaml',
      `budget: ${1000 + turn}`,
      'owner: finance',
      '```',
      '',
      '- first point with **bold** text',
      '- second point with a [[Link]]',
    ].join('\n');
    const transcript: LlmMessage[] = [
      { role: 'user', content: question },
      { role: 'assistant', content: '', toolCalls: [{ id: `call_${turn}_1`, name: 'localSearch', arguments: '{"query":"budget"}' }] },
      { role: 'tool', toolCallId: `call_${turn}_1`, content: output.slice(0, 2000) },
      { role: 'assistant', content: '', toolCalls: [{ id: `call_${turn}_2`, name: 'readNote', arguments: '{"path":"Projects/x.md"}' }] },
      { role: 'tool', toolCallId: `call_${turn}_2`, content: output.slice(0, 2000) },
      { role: 'assistant', content: answer },
    ];
    messages.push({ id: `u${turn}`, role: 'user', at, content: question });
    messages.push({ id: `a${turn}`, role: 'assistant', at, content: composeAssistantContent(payload, answer), transcript });
  }
  return { ...createConversation({ model: 'bench-model', now: T0, id: 'gb-bench' }), title: 'Long conversation', updatedAt: T0 + turns * 120_000, messages };
}

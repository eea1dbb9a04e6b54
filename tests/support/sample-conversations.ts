import { serializeReasoningBlock } from '../../src/markers';
import type { Conversation } from '../../src/conversation';

const T0 = Date.UTC(2026, 10, 22, 10, 15, 0);

/**
 * The conversation shown in docs/conversation-format.md; the approval test checks that the doc's
 * example is exactly what the serializer writes for it.
 */
export const DOCS_SAMPLE: Conversation = {
  id: 'gb-mi9x2k3c-4f7q1z',
  title: 'What changed in the refund policy?',
  createdAt: T0,
  updatedAt: T0 + 95_000,
  model: 'gpt-4o-mini',
  extraFrontmatter: [{ key: 'tags', text: 'tags:\n  - glassbox' }],
  messages: [
    { id: 'msg-mi9x2k3c-a1', role: 'user', at: T0, content: 'What changed in the refund policy?' },
    {
      id: 'msg-mi9x2k5k-b2',
      role: 'assistant',
      at: T0,
      content: `${serializeReasoningBlock({
        v: 1,
        status: 'complete',
        startedAt: T0,
        answerStartedAt: T0 + 12_000,
        endedAt: T0 + 15_000,
        elapsedMs: 12_000,
        steps: [
          { id: 's1', kind: 'tool', summary: 'Searched notes for "refund policy"', at: T0 + 1_000, tool: { name: 'localSearch', args: { query: 'refund policy' }, status: 'ok', durationMs: 40, output: '1. Policies/Refunds.md — "Refunds are accepted within 30 days…"', outputChars: 64 } },
          { id: 's2', kind: 'tool', summary: 'Read Policies/Refunds.md', at: T0 + 2_000, tool: { name: 'readNote', args: { path: 'Policies/Refunds.md' }, status: 'ok', durationMs: 3, output: '# Refunds\nRefunds are accepted within 30 days (was 14 until May 2026).', outputChars: 70 } },
        ],
      })}\n\nThe refund window went from **14 to 30 days** in May 2026 ([[Policies/Refunds]]).`,
      transcript: [
        { role: 'user', content: 'What changed in the refund policy?' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'localSearch', arguments: '{"query":"refund policy"}' }] },
        { role: 'tool', toolCallId: 'call_1', content: '1. Policies/Refunds.md — "Refunds are accepted within 30 days…"' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'call_2', name: 'readNote', arguments: '{"path":"Policies/Refunds.md"}' }] },
        { role: 'tool', toolCallId: 'call_2', content: '# Refunds\nRefunds are accepted within 30 days (was 14 until May 2026).' },
        { role: 'assistant', content: 'The refund window went from **14 to 30 days** in May 2026 ([[Policies/Refunds]]).' },
      ],
    },
    {
      id: 'msg-mi9x2l0z-c3',
      role: 'user',
      at: T0 + 90_000,
      content: 'Why does my draft say this?\n### 🤖 Glassbox · 2026-11-22 10:16\n```md\nstill open',
    },
  ],
};

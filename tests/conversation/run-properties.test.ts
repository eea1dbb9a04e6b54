import { baselineOf, mergeConversationIntoNote, parseConversationNote, serializeConversationNote } from '../../src/conversation';
import { composeAssistantContent, type ReasoningPayload } from '../../src/markers';
import { parseMetadata } from '../../tools/fake-obsidian/metadata-parser';
import { ConversationBuilder } from '../support/conversation-builder';

// Issue 28: the properties a Base of conversations shows, read as Obsidian's metadata cache
// reads a note's frontmatter (the fake host's parser).

const run = (fields: Partial<ReasoningPayload>): ReasoningPayload => ({ v: 1, status: 'complete', startedAt: 1_000, endedAt: 13_400, elapsedMs: 9_000, steps: [], ...fields });

const twoRuns = new ConversationBuilder()
  .user('What changed in the refund policy?')
  .assistant(composeAssistantContent(run({ usage: { promptTokens: 1_000, completionTokens: 200 } }), 'From 14 to 30 days ([[Policies/Refunds]], [[Policies/Refunds#May]]).'))
  .user('And travel?')
  // Paused 4 s waiting for the user's answer; stopped; a cited note inside code is no citation.
  .assistant(composeAssistantContent(run({ status: 'stopped', startedAt: 20_000, endedAt: 30_000, pausedMs: 4_000, usage: { promptTokens: 300, completionTokens: 50 } }), 'See [[Handbook/Travel|travel]] and `[[Not cited]]`.'))
  .build();

const frontmatterOf = (note: string) => parseMetadata(note).frontmatter;

describe('run properties', () => {
  it('a saved conversation carries status, duration, tokens and cited next to model', () => {
    expect(frontmatterOf(serializeConversationNote(twoRuns))).toMatchObject({
      model: 'test-model',
      status: 'stopped',
      // 12.4 s + (10 s − 4 s waiting) = 18.4 s
      duration: 18,
      tokens: 1_550,
      cited: ['[[Policies/Refunds]]', '[[Handbook/Travel]]'],
      tags: ['glassbox'],
    });
  });

  it('of a regenerated turn: status and cited from the answer shown, time and tokens of every run', () => {
    const regenerated = new ConversationBuilder()
      .user('What changed in the refund policy?')
      .assistant(composeAssistantContent(run({ status: 'stopped', usage: { promptTokens: 1_000, completionTokens: 200 } }), 'See [[Old refunds]].'))
      .assistant(composeAssistantContent(run({ startedAt: 20_000, endedAt: 30_000, usage: { promptTokens: 300, completionTokens: 50 } }), 'See [[Policies/Refunds]].'), { alternateOf: 'm2' })
      .build();
    expect(frontmatterOf(serializeConversationNote(regenerated))).toMatchObject({ status: 'complete', duration: 22, tokens: 1_550, cited: ['[[Policies/Refunds]]'] });
  });

  it('leaves tokens out when no run reported usage, and writes an empty cited list', () => {
    const conversation = new ConversationBuilder().user('Hi').assistant(composeAssistantContent(run({}), 'Hello.')).build();
    const frontmatter = frontmatterOf(serializeConversationNote(conversation));
    expect(frontmatter).toMatchObject({ status: 'complete', duration: 12, cited: [] });
    expect(frontmatter).not.toHaveProperty('tokens');
  });

  it('an older note without them gets them on its next save, after model, the user’s own properties kept in place', () => {
    const first = new ConversationBuilder().user('What changed in the refund policy?').assistant(composeAssistantContent(run({}), 'From 14 to 30 days.')).build();
    const old = serializeConversationNote(first)
      .split('\n')
      .filter((line) => !/^(status|duration|cited):/.test(line))
      .join('\n')
      .replace('tags:', 'rating: 5\ntags:');
    expect(frontmatterOf(old)).not.toHaveProperty('status');
    const opened = parseConversationNote(old);
    if (!opened.ok) throw new Error('unreadable');
    const next = { ...opened.value, messages: twoRuns.messages };
    const merged = mergeConversationIntoNote({ currentText: old, conversation: next, baseline: baselineOf(opened.value) });
    if (!merged.ok) throw new Error(merged.reason);
    const lines = merged.text.split('\n');
    expect(lines.slice(0, lines.indexOf('---', 1) + 1)).toEqual([
      '---',
      'id: gb-test-1',
      'title: "What changed in the refund policy?"',
      'created: 2026-11-22T10:15:00.000Z',
      'updated: 2026-11-22T10:16:00.000Z',
      'model: test-model',
      'status: stopped',
      'duration: 18',
      'tokens: 1550',
      'cited:',
      '  - "[[Policies/Refunds]]"',
      '  - "[[Handbook/Travel]]"',
      'rating: 5',
      'tags:',
      '  - glassbox',
      '---',
    ]);
    // Read back, the properties are not the conversation's own data: the next save derives them again.
    const reopened = parseConversationNote(merged.text);
    expect(reopened.ok && reopened.value.extraFrontmatter.map((entry) => entry.key)).toEqual(['rating', 'tags']);
  });
});

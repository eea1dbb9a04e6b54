import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';
import { serializeConversationNote } from '../../src/conversation';
import { captureIo } from '../support/capture-io';
import { ConversationBuilder } from '../support/conversation-builder';

const MARKER = '<!--REASONING_BLOCK:{"v":1,"status":"complete","startedAt":1795342500000,"elapsedMs":12000,"steps":[{"id":"s1","kind":"tool","summary":"Searched \\u003cnotes\\u003e","at":1795342501000}]}-->';

describe('glassbox inspect NOTE.md', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'glassbox-inspect-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function inspect(name: string, text: string) {
    writeFileSync(join(dir, name), text);
    const io = captureIo({ cwd: dir });
    const status = await runCli(['inspect', name], io);
    return { status, io };
  }

  it('lists every answer of a regenerated turn, saying which it is an alternate of and which the chat shows', async () => {
    const note = serializeConversationNote(new ConversationBuilder().user('How long?').assistant('14 days.').assistant('Two weeks.', { alternateOf: 'm2' }).build(), { clock: 'utc' });
    const { status, io } = await inspect('chat.md', note);
    expect(status).toBe(0);
    const messages = (JSON.parse(io.out()) as { messages: Record<string, unknown>[] }).messages;
    expect(messages.map((message) => [message.text, message.alternateOf, message.shown])).toEqual([
      ['How long?', undefined, undefined],
      ['14 days.', undefined, false],
      ['Two weeks.', 'm2', true],
    ]);
  });

  it('prints frontmatter and each message of a Glassbox note as DESIGN.md 8 describes', async () => {
    const note = serializeConversationNote(
      new ConversationBuilder()
        .user('What changed? <!--REASONING_BLOCK:{"v":1}--> stays text here')
        .assistant(`${MARKER}\n\n<think>check dates</think>Thirty days, see [[Policies]].`)
        .build(),
      { clock: 'utc' },
    );
    const { status, io } = await inspect('chat.md', note);
    expect(status).toBe(0);
    const output = JSON.parse(io.out());
    expect(output.frontmatter).toEqual({
      id: 'gb-test-1',
      title: 'What changed in the refund policy?',
      created: '2026-11-22T10:15:00.000Z',
      updated: '2026-11-22T10:16:00.000Z',
      model: 'test-model',
      // The run properties a save derives from the answer (issue 28).
      status: 'complete',
      duration: 12,
      cited: ['[[Policies]]'],
      tags: ['glassbox'],
    });
    expect(output.format).toBe('glassbox');
    expect(output.warnings).toEqual([]);
    expect(output.messages[0]).toEqual({
      role: 'user',
      at: Date.UTC(2026, 10, 22, 10, 15),
      text: 'What changed? <!--REASONING_BLOCK:{"v":1}--> stays text here',
      reasoning: null,
      reasoningError: false,
      legacyToolCalls: [],
      thinks: [],
      noteWrites: [],
    });
    const answer = output.messages[1];
    expect(answer.role).toBe('assistant');
    expect(answer.text.trim()).toBe('Thirty days, see [[Policies]].');
    expect(answer.reasoning.elapsedMs).toBe(12000);
    expect(answer.reasoning.steps[0].summary).toBe('Searched <notes>');
    expect(answer.thinks).toEqual([{ text: 'check dates', closed: true }]);
  });

  it('prints an imported **user** / **ai** note with its legacy markers read', async () => {
    const note = [
      '---',
      'epoch: 1767037786951',
      'tags:',
      '  - copilot-conversation',
      '---',
      '',
      '**user**: hi',
      '[Timestamp: 2025/12/30 03:49:46]',
      '',
      '**ai**: <!--AGENT_REASONING:complete:3:["Searched the vault"]-->Hello!<!--TOOL_CALL_START:t1:localSearch:Vault search:🔍:Searching:false-->x<!--TOOL_CALL_END:t1:ENC:found%202-->',
      '[Timestamp: 2025/12/30 03:49:47]',
      '',
    ].join('\r\n');
    const { status, io } = await inspect('copilot.md', note);
    expect(status).toBe(0);
    const output = JSON.parse(io.out());
    expect(output.format).toBe('imported');
    expect(output.frontmatter).toEqual({ epoch: 1767037786951, tags: ['copilot-conversation'] });
    expect(output.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant']);
    expect(output.messages[0].at).toBe(new Date(2025, 11, 30, 3, 49, 46).getTime());
    const answer = output.messages[1];
    expect(answer.reasoning.elapsedMs).toBe(3000);
    expect(answer.reasoning.steps[0].summary).toBe('Searched the vault');
    expect(answer.legacyToolCalls[0]).toMatchObject({ id: 't1', toolName: 'localSearch', displayName: 'Vault search', emoji: '🔍', result: 'found 2' });
    expect(answer.text).toContain('Hello!');
    expect(answer.text).not.toContain('<!--');
  });

  it('lists the warnings of a damaged note and still prints its messages', async () => {
    const note = serializeConversationNote(new ConversationBuilder().user('q').assistant(`${MARKER}\n\nA`).build()).replace(MARKER, '<!--REASONING_BLOCK:{"v":');
    const { status, io } = await inspect('broken.md', note);
    expect(status).toBe(0);
    const output = JSON.parse(io.out());
    expect(output.warnings).toHaveLength(1);
    expect(output.messages[1].reasoningError).toBe(true);
    expect(output.messages[1].text.trim()).toBe('A');
  });

  it('exits 1 with one sentence for a note that is not a conversation, or no file', async () => {
    const plain = await inspect('groceries.md', '# Groceries\n- milk\n');
    expect(plain.status).toBe(1);
    expect(plain.io.err()).toMatch(/^"groceries\.md" is not a conversation note: .*\.\n$/);
    const io = captureIo({ cwd: dir });
    expect(await runCli(['inspect', 'missing.md'], io)).toBe(1);
    expect(io.err()).toBe('Cannot read "missing.md": no such file.\n');
  });
});

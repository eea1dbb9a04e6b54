import { runAgent } from '../../../src/agent/run-agent';
import type { QuestionContext } from '../../../src/agent';
import { ChatController, orderedMessages } from '../../../src/chat';
import { parseConversationNote, serializeConversationNote, type Conversation } from '../../../src/conversation';
import { parseAssistantContent, type ReasoningStep } from '../../../src/markers';
import { createRunSetup } from '../../../src/obsidian/chat/run-setup';
import { ObsidianVaultSource } from '../../../src/obsidian/search/obsidian-vault-source';
import { VaultToolsProvider } from '../../../src/obsidian/search/vault-tools-provider';
import { openVaultIndex } from '../../../src/search';
import { loadGlassboxSettings, type GlassboxSettings } from '../../../src/settings';
import { createFakeApp } from '../../../tools/fake-obsidian';
import { scenario, startModelServer, type ModelServer } from '../../../tools/model-server';
import { DOCS_SAMPLE } from '../../support/sample-conversations';

// Issue 12 through the plugin's own parts: ChatController.send(question, context) → the run setup
// on the fake Obsidian host (metadata cache links and aliases, the vault index) → the real runner
// → the real openai SDK over loopback HTTP to the scripted server, which records each request.

const NOTES: Record<string, string> = {
  'Projects/Alpha/Plan.md': '---\ntags: [project]\n---\n# Plan\nShip the alpha by March. Lunch is [[Soup]]; design by [[Maria Lopez]].\n',
  'Projects/Alpha/Notes.md': '# Notes\nAlpha meeting notes: the budget is 40k.\n',
  'Archive/Notes.md': '# Notes\nOld archive notes about the 2019 budget.\n',
  'People/Maria Lopez.md': '---\naliases: [Maria]\n---\n# Maria Lopez\nMaria leads the alpha design.\n',
  'Recipes/Soup.md': '---\ntags: [food]\n---\n# Soup\nTomato soup with basil, for the alpha lunch.\n',
  'Big.md': `# Big\n${'The quarterly numbers line. '.repeat(4000)}\n`,
  'Glassbox/Conversations/Refund policy.md': serializeConversationNote({ ...DOCS_SAMPLE, messages: [...DOCS_SAMPLE.messages.slice(0, 2), { ...DOCS_SAMPLE.messages[0], id: 'msg-later', content: `Later: ${'and the long follow-up. '.repeat(300)}` }] }, { clock: 'utc' }),
  'Blob.md': `PK\u0003\u0004\u0000\u0000binary\u0001\u0002\u0003`.repeat(50),
};

let server: ModelServer;

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      answer: scenario().turn((t) => t.text('Alpha ships in March ([[Plan]]).')),
      'scoped-tools': scenario()
        .turn((t) =>
          t
            .toolCall('localSearch', { query: 'soup basil' }, { id: 'c1' })
            .toolCall('readNote', { path: 'Recipes/Soup.md' }, { id: 'c2' })
            .toolCall('getTagNotes', { tag: 'food' }, { id: 'c3' })
            .toolCall('getLinks', { path: 'Projects/Alpha/Plan.md' }, { id: 'c4' })
            .toolCall('readNote', { path: 'People/Maria Lopez.md' }, { id: 'c5' }),
        )
        .turn((t) => t.text('Nothing about soup in the projects.')),
    },
  });
});

afterAll(() => server.close());

async function chat(settings: Partial<GlassboxSettings> = {}) {
  const app = createFakeApp({ files: NOTES });
  const source = new ObsidianVaultSource({ vault: app.vault as never, metadataCache: app.metadataCache as never });
  const vaultTools = new VaultToolsProvider(async () => ({ index: await openVaultIndex({ source }), source }));
  await vaultTools.whenSettled();
  const host = { settings: loadGlassboxSettings({ baseUrl: server.url, provider: 'custom', apiKeySecretName: '', ...settings }), saveSettings: () => Promise.resolve() };
  const saved: Conversation[] = [];
  const controller = new ChatController({
    prepareRun: createRunSetup({ app: app as never, settings: host, vaultTools }),
    runAgent,
    model: 'answer',
    loopStyle: 'tools',
    maxIterations: 4,
    scheduleFrame: (callback) => callback(),
    saver: {
      save: (conversation) => {
        saved.push(conversation);
        return Promise.resolve();
      },
    },
  });
  const send = async (question: string, context?: QuestionContext, model = 'answer') => {
    const before = server.requests.length;
    controller.configureNextRun({ model });
    await controller.send(question, context);
    const messages = orderedMessages(controller.store.current());
    const assistant = messages.at(-1)!;
    const requests = server.requests.slice(before).filter((request) => request.path === '/v1/chat/completions').map((request) => request.body as { messages: { role: string; content: string; tool_call_id?: string }[] });
    return { requests, firstQuestion: requests[0].messages.at(-1)!.content, steps: parseAssistantContent(assistant.content).reasoning?.steps ?? [], user: messages.at(-2)!, assistant };
  };
  return { send, saved, dispose: () => vaultTools.dispose() };
}

const notices = (steps: readonly ReasoningStep[]) => steps.filter((step) => step.kind === 'notice').map((step) => step.summary);

describe('what the model gets from the chat (issue 12)', () => {
  it('sends the open note’s text in the first request, marked with its vault path, and lists it in a context step first', async () => {
    const { send, dispose } = await chat();
    const { firstQuestion, steps } = await send('When does it ship?', { notes: ['Projects/Alpha/Plan.md'] });
    expect(firstQuestion).toContain('<attached path="Projects/Alpha/Plan.md">');
    expect(firstQuestion).toContain('Ship the alpha by March.');
    expect(firstQuestion.endsWith('When does it ship?')).toBe(true);
    expect(steps[0]).toMatchObject({ kind: 'context', summary: expect.stringContaining('Attached Plan') });
    expect(steps[0].detail).toMatch(/^- Projects\/Alpha\/Plan\.md: ~\d+ tokens$/);
    dispose();
  });

  it('quotes a selection with its note and line range', async () => {
    const { send, dispose } = await chat();
    const { firstQuestion, steps } = await send('Is this date firm?', { selection: { path: 'Projects/Alpha/Plan.md', fromLine: 5, toLine: 5, text: 'Ship the alpha by March.' } });
    expect(firstQuestion).toContain('Selection from Projects/Alpha/Plan.md, lines 5-5');
    expect(steps[0].summary).toContain('Plan lines 5–5');
    dispose();
  });

  it('attaches typed [[links]] resolved like Obsidian: an alias, and a duplicate name to the note closest to the open one; a missing one is named', async () => {
    const { send, dispose } = await chat();
    const { firstQuestion, steps } = await send('What do [[Maria]] and [[Notes]] say? And [[Nowhere]]?', { notes: ['Projects/Alpha/Plan.md'] });
    expect(firstQuestion).toContain('<attached path="People/Maria Lopez.md">');
    expect(firstQuestion).toContain('Maria leads the alpha design.');
    expect(firstQuestion).toContain('<attached path="Projects/Alpha/Notes.md">');
    expect(firstQuestion).not.toContain('2019 budget');
    expect(firstQuestion).toContain('No note exists for [[Nowhere]].');
    expect(steps[0].detail).toContain('[[Maria]] → People/Maria Lopez.md');
    expect(notices(steps)).toContainEqual(expect.stringContaining('No note found for [[Nowhere]]'));
    dispose();
  });

  it('resolves a duplicate name without an open note to the shortest path, as Obsidian does', async () => {
    const { send, dispose } = await chat();
    const { firstQuestion } = await send('Summarise [[Notes]].');
    expect(firstQuestion).toContain('<attached path="Archive/Notes.md">');
    dispose();
  });

  it('cuts attachments at the context budget with a notice in the trace, and never sends an unreadable note', async () => {
    const { send, dispose } = await chat({ contextBudgetTokens: 500 });
    const { firstQuestion, steps } = await send('What are the numbers?', { notes: ['Big.md', 'Blob.md', 'Projects/Alpha/Notes.md'] });
    expect(firstQuestion).toContain('Alpha meeting notes: the budget is 40k.');
    expect(firstQuestion).toContain('Note Big.md (cut: first');
    const attached = firstQuestion.slice(0, firstQuestion.indexOf('Question:'));
    expect(attached.length).toBeLessThan(500 * 4 + 1000);
    expect(firstQuestion).not.toContain('PK\u0003');
    expect(notices(steps)).toEqual(expect.arrayContaining([expect.stringContaining('cut to the 500-token context budget: Big'), expect.stringContaining('Blob.md: looks like binary data')]));
    dispose();
  });

  it('attaches a saved conversation as its visible text only, and never sends the model to readNote for the rest (issue 26)', async () => {
    const { send, dispose } = await chat({ contextBudgetTokens: 400 });
    const { firstQuestion, steps } = await send('What did we decide?', { notes: ['Glassbox/Conversations/Refund policy.md'] });
    expect(firstQuestion).toContain('<attached path="Glassbox/Conversations/Refund policy.md">');
    expect(firstQuestion).toContain('The refund window went from **14 to 30 days** in May 2026');
    expect(firstQuestion).not.toContain('REASONING_BLOCK');
    expect(firstQuestion).not.toContain('"transcript"');
    expect(firstQuestion).not.toContain('<!--');
    expect(firstQuestion).toContain('the rest was not sent and no tool can read it');
    expect(firstQuestion).not.toContain('readNote has the rest');
    expect(notices(steps)).toContainEqual(expect.stringContaining('cut to the 400-token context budget'));
    dispose();
  });

  it('limits every vault tool to the scope, except notes attached explicitly', async () => {
    const { send, dispose } = await chat();
    const { requests, steps, assistant } = await send('Anything about soup?', { notes: ['People/Maria Lopez.md'], scope: { folders: ['Projects'] } }, 'scoped-tools');
    const tool = (id: string) => requests[1].messages.find((message) => message.tool_call_id === id)!.content;
    expect(tool('c1')).not.toContain('Recipes/Soup.md');
    expect(tool('c1')).toContain('Projects/Alpha/Plan.md');
    expect(tool('c2')).toContain('outside the scope of this question (Projects/)');
    expect(tool('c3')).toContain('No notes tagged #food');
    expect(tool('c4')).toContain('People/Maria Lopez.md');
    expect(tool('c4')).not.toContain('Recipes/Soup.md');
    expect(tool('c5')).toContain('Maria leads the alpha design.');
    expect(steps[0].summary).toContain('scope: Projects/');
    expect(parseAssistantContent(assistant.content).reasoning?.status).toBe('complete');
    dispose();
  });

  it('says so when the scope matches no note, and still answers', async () => {
    const { send, dispose } = await chat();
    const { steps, assistant } = await send('Anything?', { scope: { tags: ['nonexistent'] } });
    expect(notices(steps)).toContainEqual(expect.stringContaining('The scope (#nonexistent) matches no note'));
    expect(parseAssistantContent(assistant.content).text).toContain('Alpha ships in March');
    dispose();
  });

  it('saves the attachments as links under the question, and reopening the note gives them back', async () => {
    const { send, saved, dispose } = await chat();
    const { user } = await send('Compare with [[Maria]]', { notes: ['Projects/Alpha/Plan.md'], scope: { folders: ['Projects'], tags: ['project'] } });
    expect(user.attachments).toMatchObject({ notes: [{ kind: 'note', path: 'Projects/Alpha/Plan.md' }, { kind: 'link', path: 'People/Maria Lopez.md' }], scope: { folders: ['Projects'], tags: ['project'] } });
    const note = serializeConversationNote(saved.at(-1)!, { clock: 'utc' });
    expect(note).toContain('Compare with [[Maria]]\n\n📎 [[Projects/Alpha/Plan.md|Plan]] · [[People/Maria Lopez.md|Maria Lopez]] · scope: Projects/, `#project`\n');
    const reopened = parseConversationNote(note);
    if (!reopened.ok) throw new Error('unreadable');
    const question = reopened.value.messages.find((message) => message.role === 'user')!;
    expect(question.content).toBe('Compare with [[Maria]]');
    expect(question.attachments).toEqual(user.attachments);
    const answer = reopened.value.messages.find((message) => message.role === 'assistant')!;
    expect(parseAssistantContent(answer.content).reasoning?.steps[0]).toMatchObject({ kind: 'context' });
    dispose();
  });

  it('sends a question without attachments exactly as before (no context step)', async () => {
    const { send, dispose } = await chat();
    const { firstQuestion, steps } = await send('Hello');
    expect(firstQuestion).toBe('Hello');
    expect(steps.some((step) => step.kind === 'context')).toBe(false);
    dispose();
  });
});

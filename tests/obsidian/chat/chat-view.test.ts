import { act, fireEvent, within } from '@testing-library/react/pure';
import { formatDuration } from '../../../src/markers';
import type { Conversation } from '../../../src/conversation';
import { parseAssistantContent } from '../../../src/markers';
import { PULSE_CLASS } from '../../../src/obsidian/chat/chat-view';
import { noticeLog, clearNotices } from '../../../tools/fake-obsidian';
import { scenario } from '../../../tools/model-server';
import { fixedSearchTool, openChatView, sendMessage, until } from '../../support/chat-view-harness';
import { gate, type Gate } from '../../support/gate';
import { HOSTILE } from '../../support/ui-payloads';

type Opened = Awaited<ReturnType<typeof openChatView>>;
let opened: Opened | null = null;
/** Gates that hold a scripted stream mid-way; all opened after each test so no stream stays held. */
const gates: Gate[] = [];
const held = (): Gate => {
  const made = gate();
  gates.push(made);
  return made;
};

afterEach(async () => {
  gates.splice(0).forEach((each) => each.open());
  await opened?.close();
  opened = null;
  clearNotices();
});

const q = (root: HTMLElement, testId: string) => root.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const all = (root: HTMLElement, testId: string) => [...root.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)];
const label = (root: HTMLElement) => q(root, 'reasoning-label')?.textContent ?? '';
const summaries = (root: HTMLElement) => all(root, 'reasoning-step-summary').map((el) => el.textContent);

describe('ChatView: a whole run through the real runner and the scripted model server', () => {
  it('shows the live block with a ticking timer and steps in order, folds after the answer starts, reopens on click, and matches the saved payload', async () => {
    const saved: Conversation[] = [];
    const thinking = held();
    const refunds = scenario()
      .turn((t) => t.reasoning('I should search the vault first.').toolCall('report_thinking', { step: 'Plan the search', detail: 'Refund notes first' }))
      .turn((t) => t.hold(thinking.opened).toolCall('localSearch', { query: 'refunds' }))
      .turn((t) => t.text('Refunds take 14 days, see [[Refund policy]].', { chunkChars: 6 }));
    opened = await openChatView({ scenarios: { refunds }, model: 'refunds', saved });
    const root = opened.view.contentEl;

    await sendMessage(root, 'How long do refunds take?');
    expect(q(root, 'message-user')?.textContent).toBe('How long do refunds take?');
    expect(q(root, 'stop-button')).not.toBeNull();

    await until(() => summaries(root).includes('Plan the search'));
    const block = q(root, 'reasoning-block')!;
    expect(block.getAttribute('data-status')).toBe('reasoning');
    expect(q(block, 'reasoning-header')!.getAttribute('aria-expanded')).toBe('true');
    expect(q(block, 'reasoning-content')!.hidden).toBe(false);
    // The timer ticks from startedAt on the wall clock while the model "thinks" (the stream is
    // held until the test has seen a tick).
    await until(() => /^Reasoning · \ds$/.test(label(block)));
    thinking.open();

    await until(() => root.textContent.includes('Refunds take 14 days'));
    const order = summaries(root);
    expect(order.indexOf('Plan the search')).toBeGreaterThanOrEqual(0);
    expect(order.findIndex((text) => text.includes('refunds') || text.includes('Found 2 notes'))).toBeGreaterThan(order.indexOf('Plan the search'));

    await until(() => saved.length === 1);
    await until(() => q(block, 'reasoning-content')!.hidden, 4000);
    expect(q(root, 'stop-button')).toBeNull();
    expect(label(block)).toMatch(/^Thought for /);

    await act(async () => fireEvent.click(q(block, 'reasoning-header')!));
    expect(q(block, 'reasoning-content')!.hidden).toBe(false);
    expect(within(block).getByText('localSearch')).toBeTruthy();

    // The DOM shows exactly what was saved.
    const assistant = saved[0].messages.find((message) => message.role === 'assistant')!;
    const parsed = parseAssistantContent(assistant.content);
    expect(parsed.reasoning!.status).toBe('complete');
    expect(summaries(root)).toEqual(parsed.reasoning!.steps.map((step) => step.summary));
    expect(label(block)).toBe(`Thought for ${formatDuration(parsed.reasoning!.elapsedMs)}`);
    expect(q(root, 'assistant-message-body')!.querySelector('a.internal-link')?.textContent).toBe('Refund policy');
    // The request reached the server through the real SDK.
    expect(opened.server.requests.filter((request) => request.path.endsWith('/chat/completions'))).toHaveLength(3);
  });

  it('Stop mid-tool: the tool is cancelled, steps stay, "Stopped after Ns"', async () => {
    const saved: Conversation[] = [];
    const hang = scenario().turn((t) => t.toolCall('localSearch', { query: 'refunds' })).turn((t) => t.text('never'));
    opened = await openChatView({ scenarios: { hang }, model: 'hang', saved, tools: [fixedSearchTool({ blockUntilAborted: true })] });
    const root = opened.view.contentEl;
    await sendMessage(root, 'Search please');
    await until(() => root.querySelector('[data-tool-status="running"]') !== null);
    await act(async () => fireEvent.click(q(root, 'stop-button')!));
    await until(() => saved.length === 1);
    // The stopped turn is saved at once and reaches the screen with the next frame.
    await until(() => /^Stopped after /.test(label(root)));
    expect(root.querySelector('[data-tool-status="cancelled"]')).not.toBeNull();
    expect(q(root, 'reasoning-content')!.hidden).toBe(false);
    expect(parseAssistantContent(saved[0].messages[1].content).reasoning!.status).toBe('stopped');
  });

  it('Stop mid-answer: the partial answer stays, "Stopped after Ns"', async () => {
    const saved: Conversation[] = [];
    const rest = held();
    const long = scenario().turn((t) => t.text('Part one of a long answer. '.repeat(8), { chunkChars: 4 }).hold(rest.opened).text('Part one of a long answer. '.repeat(32), { chunkChars: 4 }));
    opened = await openChatView({ scenarios: { long }, model: 'long', saved });
    const root = opened.view.contentEl;
    await sendMessage(root, 'Tell me everything');
    await until(() => (q(root, 'assistant-message-body')?.textContent ?? '').includes('Part one'));
    await act(async () => fireEvent.click(q(root, 'stop-button')!));
    await until(() => saved.length === 1);
    // The stopped turn is saved at once and reaches the screen with the next frame.
    await until(() => /^Stopped after /.test(label(root)));
    const body = q(root, 'assistant-message-body')!.textContent;
    expect(body).toContain('Part one');
    expect(body.length).toBeLessThan('Part one of a long answer. '.repeat(40).length);
  });

  it('request_input: the card takes focus, the answer resumes the run; a hidden view pulses and shows a notice', async () => {
    const asking = scenario()
      .turn((t) => t.toolCall('request_input', { question: 'Which year?', options: ['2024', '2025'] }))
      .turn((t) => t.text('Here is 2025.'));
    opened = await openChatView({ scenarios: { asking }, model: 'asking' });
    const root = opened.view.contentEl;
    opened.app.workspace.rightSplit.collapse();
    await sendMessage(root, 'Show me the report');
    await until(() => q(root, 'input-request-card') !== null);
    expect(document.activeElement).toBe(q(root, 'input-request-card'));
    expect(q(root, 'input-request-question')!.textContent).toBe('Which year?');
    expect(label(root)).toBe('Waiting for your answer');
    expect(opened.ribbon.classList.contains(PULSE_CLASS)).toBe(true);
    expect(noticeLog.some((message) => message.includes('Which year?'))).toBe(true);

    await act(async () => fireEvent.click(within(q(root, 'input-request-card')!).getByRole('button', { name: '2025' })));
    await until(() => root.textContent.includes('Here is 2025.'));
    expect(q(root, 'input-request-card')).toBeNull();
    expect(opened.ribbon.classList.contains(PULSE_CLASS)).toBe(false);
    const toolMessage = (opened.server.requests.at(-1)!.body!.messages ?? []).find((message) => message.role === 'tool');
    expect(JSON.stringify(toolMessage)).toContain('2025');
  });

  it('on mobile the sidebar is a drawer: a closed right drawer counts as hidden, so a question pulses', async () => {
    const asking = scenario().turn((t) => t.toolCall('request_input', { question: 'Which year?', options: ['2024', '2025'] })).turn((t) => t.text('Here is 2025.'));
    const chat = await openChatView({ scenarios: { asking }, model: 'asking', mobile: true });
    opened = chat;
    expect(chat.view.containerEl.closest('.workspace-drawer.mod-right')).not.toBeNull();
    expect(chat.view.isChatVisible()).toBe(true);
    chat.app.workspace.rightSplit.collapse();
    expect(chat.view.isChatVisible()).toBe(false);
    await sendMessage(chat.view.contentEl, 'Show me the report');
    await until(() => q(chat.view.contentEl, 'input-request-card') !== null);
    expect(chat.ribbon.classList.contains(PULSE_CLASS)).toBe(true);
    await act(async () => {
      await chat.app.workspace.revealLeaf(chat.leaf);
      chat.app.workspace.trigger('layout-change');
    });
    expect(chat.ribbon.classList.contains(PULSE_CLASS)).toBe(false);
  });

  it('runs no code block of an answer: dataviewjs, dataview and a half-written mermaid show as plain code, while streaming and after', async () => {
    // Held mid-block, past the runner's 160-character hold-back, so the half-written block is on screen.
    const closingFence = held();
    const fenced = scenario().turn((t) =>
      t.text('Here is a query, and the other kinds of block your notes hold, each shown as plain code:\n\n```dataviewjs\ndv.paragraph("ran")\n```\n\n```dataview\nLIST\n```\n\n```python\nprint(1)\n```\n\n```mermaid\ngraph TD\nA-->B', { chunkChars: 8 }).hold(closingFence.opened).text('\n```\n\nDone.', { chunkChars: 8 }),
    );
    const chat = await openChatView({ scenarios: { fenced }, model: 'fenced' });
    opened = chat;
    // Stand-ins for Dataview and Mermaid: Obsidian's renderer hands them every block of their language.
    const executed: string[] = [];
    for (const language of ['dataviewjs', 'dataview', 'mermaid']) {
      chat.app.markdownCodeBlockProcessors.set(language, (source, el) => {
        executed.push(`${language}: ${source.trim()}`);
        el.textContent = 'RAN';
      });
    }
    const root = chat.view.contentEl;
    await sendMessage(root, 'Make me a query');
    await until(() => root.textContent.includes('A-->B'));
    expect(executed).toEqual([]);
    closingFence.open();
    await until(() => root.textContent.includes('Done.') && !chat.view.controller.store.getState().running);
    expect(executed).toEqual([]);
    const blocks = [...root.querySelectorAll('pre > code')].map((code) => [code.className, code.textContent?.trim()]);
    expect(blocks).toEqual([
      ['', 'dv.paragraph("ran")'],
      ['', 'LIST'],
      ['language-python', 'print(1)'],
      ['', 'graph TD\nA-->B'],
    ]);
  });

  it('renders hostile model, tool and note text as text', async () => {
    const hostile = scenario()
      .turn((t) => t.toolCall('report_thinking', { step: HOSTILE.img }).toolCall('localSearch', { query: HOSTILE.script }))
      .turn((t) => t.text(`Answer ${HOSTILE.img} ${HOSTILE.script}`));
    opened = await openChatView({ scenarios: { hostile }, model: 'hostile', tools: [fixedSearchTool({ output: `Note says ${HOSTILE.img}` })] });
    const root = opened.view.contentEl;
    await sendMessage(root, HOSTILE.script);
    await until(() => q(root, 'stop-button') === null && root.textContent.includes('Answer'));
    await act(async () => fireEvent.click(q(root, 'reasoning-header')!));
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('script')).toBeNull();
    expect(root.textContent).toContain('onerror');
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('closing the view unmounts the panel and every message root', async () => {
    const quick = scenario().turn((t) => t.text('Quick answer.'));
    opened = await openChatView({ scenarios: { quick }, model: 'quick' });
    const root = opened.view.contentEl;
    await sendMessage(root, 'Hi');
    await until(() => q(root, 'stop-button') === null && root.textContent.includes('Quick answer.'));
    const roots = opened.view.roots;
    expect(roots.live).toBeGreaterThan(0);
    await opened.close();
    opened = null;
    expect(roots.live).toBe(0);
    expect(root.childElementCount).toBe(0);
  });

  it('the model picker suggests the models the endpoint lists', async () => {
    const quick = scenario().turn((t) => t.text('Quick answer.'));
    opened = await openChatView({ scenarios: { quick }, model: 'quick', extra: { listModels: () => Promise.resolve([{ id: 'llama3.1', window: 32768, tools: true, images: false }, { id: 'quick' }]) } });
    const root = opened.view.contentEl;
    await until(() => root.querySelectorAll('datalist option').length === 2);
    expect([...root.querySelectorAll('datalist option')].map((option) => option.getAttribute('value'))).toEqual(['quick', 'llama3.1']);
    // What the server says about a model shows beside its name; a model it says nothing about shows its name alone.
    expect([...root.querySelectorAll('datalist option')].map((option) => option.getAttribute('label'))).toEqual([null, 'llama3.1 · 32,768 tokens · tools']);
    expect(q(root, 'model-picker')!.getAttribute('list')).toBe(root.querySelector('datalist')!.id);
  });
});

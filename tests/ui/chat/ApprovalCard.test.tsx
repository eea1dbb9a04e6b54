import { act, fireEvent, screen, within } from '@testing-library/react/pure';
import { runAgent } from '../../../src/agent/run-agent';
import type { AgentRememberedApproval } from '../../../src/agent/approval';
import { cleanupChat, mountChat } from '../../support/chat-harness';
import { FORECAST_APPROVAL_TITLE, forecastApprovalTool } from '../../support/forecast-approval-tool';
import { ScriptedChatModel, say } from '../../support/scripted-chat-model';

// Issue 18: the approval card the run pauses on (MCP calls now, note writes in issue 14),
// driven by the real runner through the real chat core and panel.

afterEach(async () => {
  await cleanupChat();
});

function mountWeatherChat() {
  const runs: string[] = [];
  const remembered = new Map<string, AgentRememberedApproval>();
  const model = new ScriptedChatModel([
    [say.toolCall({ id: 'c1', name: 'weather__forecast', args: { city: '<b>Oslo</b>' } }), say.finish('tool_calls')],
    [say.text('It is sunny.'), say.finish()],
  ]);
  const chat = mountChat({
    runAgent,
    prepareRun: () => Promise.resolve({ model, tools: [forecastApprovalTool(runs)] }),
    approvalMemory: { remembered: (scope) => remembered.get(scope), remember: (scope, decision) => void remembered.set(scope, decision) },
  });
  return { chat, runs, remembered };
}

async function send(text: string) {
  fireEvent.input(screen.getByTestId('composer-input'), { target: { value: text } });
  await act(async () => {
    fireEvent.keyDown(screen.getByTestId('composer-input'), { key: 'Enter' });
  });
}

/** Lets the run's promises settle and the store publish, until `check` holds. */
async function settle(chat: ReturnType<typeof mountChat>, check: () => boolean) {
  for (let round = 0; round < 200 && !check(); round += 1) {
    await act(async () => {});
    chat.frames.flush();
  }
  expect(check()).toBe(true);
}

const toolStatus = () => screen.getAllByTestId('message-assistant').at(-1)!.querySelector('.glassbox-status-icon')?.getAttribute('aria-label');

describe('ApprovalCard', () => {
  it('pauses the run on a card that takes focus and shows the call as text; "Always allow this server" runs it and is remembered', async () => {
    const { chat, runs, remembered } = mountWeatherChat();
    await send('Weather in Oslo?');
    await settle(chat, () => screen.queryByTestId('approval-card') !== null);

    const card = screen.getByTestId('approval-card');
    expect(document.activeElement).toBe(card);
    expect(screen.getByTestId('approval-title').textContent).toBe(FORECAST_APPROVAL_TITLE);
    expect(screen.getByTestId('approval-detail').textContent).toBe('{"city":"<b>Oslo</b>"}');
    expect(card.querySelector('b')).toBeNull();
    expect(within(card).getAllByRole('button').map((button) => button.textContent)).toEqual(['Allow once', 'Always allow this server', 'Never']);
    expect(runs).toEqual([]);
    expect(chat.controller.store.current().running).toBe(true);

    fireEvent.click(within(card).getByRole('button', { name: 'Always allow this server' }));
    await settle(chat, () => !chat.controller.store.current().running);
    expect(screen.queryByTestId('approval-card')).toBeNull();
    expect(runs).toEqual(['<b>Oslo</b>']);
    expect(remembered.get('mcp:weather')).toBe('allow');
    expect(toolStatus()).toBe('Done');
  });

  it('Escape declines the call: the step shows "Declined" and the run answers without it', async () => {
    const { chat, runs } = mountWeatherChat();
    await send('Weather in Oslo?');
    await settle(chat, () => screen.queryByTestId('approval-card') !== null);
    fireEvent.keyDown(screen.getByTestId('approval-card'), { key: 'Escape' });
    await settle(chat, () => !chat.controller.store.current().running);
    expect(runs).toEqual([]);
    expect(toolStatus()).toBe('Declined');
    expect(screen.getAllByTestId('message-assistant').at(-1)!.textContent).toContain('It is sunny.');
  });

  it('a stop while the card is open removes the card and ends the run stopped', async () => {
    const { chat, runs } = mountWeatherChat();
    await send('Weather in Oslo?');
    await settle(chat, () => screen.queryByTestId('approval-card') !== null);
    fireEvent.click(screen.getByTestId('stop-button'));
    await settle(chat, () => !chat.controller.store.current().running);
    expect(screen.queryByTestId('approval-card')).toBeNull();
    expect(runs).toEqual([]);
    expect(toolStatus()).toBe('Cancelled');
  });
});

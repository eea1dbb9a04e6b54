import { act, fireEvent, within } from '@testing-library/react/pure';
import GlassboxPlugin from '../../../src/main';
import type { ChatView } from '../../../src/obsidian/chat/chat-view';
import { DAY_SPEND_KEY } from '../../../src/obsidian/spending/device-day-spend';
import { readLeadingMarker } from '../../../src/markers';
import { createFakeApp, createMemoryDeviceStorage, type App, type FakeDeviceStorage } from '../../../tools/fake-obsidian';
import { scenario, startModelServer, type ModelServer } from '../../../tools/model-server';
import manifestJson from '../../../manifest.json';
import { sendMessage, until } from '../../support/chat-view-harness';
import { chatRequests } from '../../support/wire-messages';

(window as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Issue 40 / DESIGN.md 13.4 in the real plugin on the fake host: the settings' limits per model
// stop a run with status budget (Continue goes on once the limit is raised), the day's spend is
// counted per device across sessions and restarts and shown as "Spent today", and a large request
// asks through the approval card. The real runner and openai SDK against the scripted server.

let server: ModelServer;
beforeAll(async () => {
  // The server counts 9,000 input and 100 output tokens for the search call: $0.093 at $10/$30 per million.
  const counted = scenario()
    .turn((t) => t.toolCall('localSearch', { query: 'refunds' }).usage(9000, 100))
    .turn((t) => t.text('Refunds are paid within 14 days ([[Refund policy]]).').usage(9500, 20));
  server = await startModelServer({ scenarios: { counted, priced: counted, plain: scenario().turn((t) => t.text('Fourteen days.')) } });
});
afterAll(() => server.close());

const PRICES = { priced: { inputPerMillion: 10, outputPerMillion: 30 } };

async function loadPlugin(options: { model: string; data?: Record<string, unknown>; device?: { storage: FakeDeviceStorage; appId: string }; from?: App }) {
  const app = createFakeApp({
    files: { 'Refund policy.md': '# Refund policy\n\nRefunds are paid within 14 days of the return.\n', 'Handbook.md': `# Handbook\n\n${'Every studio rule, written down at length. '.repeat(400)}` },
    ...(options.device !== undefined ? { deviceStorage: options.device.storage, appId: options.device.appId } : {}),
    ...(options.from !== undefined ? { syncedFrom: options.from } : {}),
  });
  if (options.from === undefined) {
    const data = { provider: 'custom', baseUrl: server.url, model: options.model, apiKeySecretName: '', attachOpenNote: false, modelPrices: PRICES, ...options.data };
    await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify(data));
  }
  const plugin = await app.loadPlugin(GlassboxPlugin, manifestJson);
  await act(async () => {
    app.commands.executeCommandById('glassbox:open-chat');
    await Promise.resolve();
  });
  const view = () => app.workspace.getLeavesOfType('glassbox-chat')[0].view as unknown as ChatView;
  const root = () => view().contentEl;
  const ask = async (question: string) => {
    await sendMessage(root(), question);
    await until(() => !view().controller.store.getState().running);
  };
  const lastRun = () => {
    const state = view().controller.store.getState();
    const last = Object.values(state.messages).filter((message) => message.role === 'assistant').at(-1);
    return readLeadingMarker(last?.content ?? '').reasoning;
  };
  const spentLine = () => within(root()).queryByTestId('spent-today')?.textContent ?? null;
  return { app, plugin: plugin as unknown as { settings: Record<string, unknown>; saveSettings(): Promise<void> }, view, root, ask, lastRun, spentLine, close: () => act(async () => app.unloadPlugin(manifestJson.id)) };
}

describe('spending limits in the plugin', () => {
  it("stops at the model's token limit with status budget and its sentence; Continue with a higher limit finishes the answer", async () => {
    const chat = await loadPlugin({ model: 'counted', data: { runTokenLimits: { counted: 10_000 } } });
    const before = chatRequests(server).length;
    await chat.ask('How long do refunds take?');
    expect(chatRequests(server).length - before).toBe(1);
    expect(chat.lastRun()?.status).toBe('budget');
    const sentence = within(chat.root()).getByTestId('reasoning-error').textContent ?? '';
    expect(sentence).toMatch(/^Stopped at the run's token limit of 10,000 tokens: 9,100 tokens spent, and the next request \(~[\d,]+ tokens\) would cross it\.$/);
    expect(within(chat.root()).getByTestId('reasoning-label').textContent).toMatch(/^Stopped at a spending limit after/);

    chat.plugin.settings.runTokenLimits = { counted: 100_000 };
    await chat.plugin.saveSettings();
    await act(async () => within(chat.root()).getByTestId('continue-run').click());
    await until(() => !chat.view().controller.store.getState().running);
    expect(chat.lastRun()?.status).toBe('complete');
    expect(within(chat.root()).getAllByTestId('message-assistant').at(-1)?.textContent).toContain('Refunds are paid within 14 days');
    await chat.close();
  });

  it('counts the day per device: "Spent today" follows each run of every session and survives a restart; another device starts at nothing', async () => {
    const device = { storage: createMemoryDeviceStorage(), appId: 'vault-on-laptop' };
    const chat = await loadPlugin({ model: 'priced', data: { dailyBudget: 2 }, device });
    expect(chat.spentLine()).toBe('Spent today: $0.00 of $2.00');
    await chat.ask('How long do refunds take?');
    // 9,000 × $10 + 100 × $30 per million, then 9,500 × $10 + 20 × $30: $0.093 + $0.0956.
    await until(() => chat.spentLine() === 'Spent today: $0.19 of $2.00');
    // A second session (a new tab) counts toward the same day.
    await act(async () => within(chat.root()).getByTestId('new-tab').click());
    await chat.ask('And exchanges?');
    await until(() => chat.spentLine() === 'Spent today: $0.38 of $2.00');
    await chat.close();

    const restarted = await loadPlugin({ model: 'priced', data: { dailyBudget: 2 }, device });
    expect(restarted.spentLine()).toBe('Spent today: $0.38 of $2.00');
    const other = await loadPlugin({ model: 'priced', from: restarted.app });
    // Settings sync with the vault; the spend stays on the device that spent it.
    expect(other.spentLine()).toBe('Spent today: $0.00 of $2.00');
    await other.close();
    await restarted.close();
  });

  it("stops before the call that would cross the day's budget", async () => {
    const device = { storage: createMemoryDeviceStorage(), appId: 'vault-on-desktop' };
    const chat = await loadPlugin({ model: 'priced', data: { dailyBudget: 0.1 }, device });
    const before = chatRequests(server).length;
    await chat.ask('How long do refunds take?');
    expect(chatRequests(server).length - before).toBe(1);
    expect(chat.lastRun()?.status).toBe('budget');
    // Said once, in the trace (as its step, not again as the block's error line).
    expect(chat.root().textContent?.match(/Stopped at today's budget of \$0\.10: \$0\.093 spent today, and the next request \(~\$0\.\d+\) would cross it\./g)).toHaveLength(1);
    // The day's record in the device's local storage holds what the run spent.
    const days = Object.values(chat.app.loadLocalStorage(DAY_SPEND_KEY) as Record<string, { amount: number; estimated: boolean }>);
    expect(days).toHaveLength(1);
    expect(days[0]?.amount).toBeCloseTo(0.093, 6);
    expect(days[0]?.estimated).toBe(false);
    await chat.close();
  });

  it('asks before a large request, naming its size and the attached note; "Don\'t send" sends nothing and stops with status budget', async () => {
    const chat = await loadPlugin({ model: 'plain', data: { askAboveTokens: 2000 } });
    const before = chatRequests(server).length;
    await sendMessage(chat.root(), 'What does [[Handbook]] say?');
    await until(() => within(chat.root()).queryByTestId('approval-card') !== null);
    expect(within(chat.root()).getByTestId('approval-title').textContent).toMatch(/^Send a request of ~[\d,]+ tokens\?$/);
    expect(within(chat.root()).getByTestId('approval-detail').textContent).toMatch(/^It is big because of the attached note Handbook\.md \(~[\d,]+ tokens\)\.$/);
    await act(async () => fireEvent.click(within(chat.root()).getByText("Don't send")));
    await until(() => !chat.view().controller.store.getState().running);
    expect(chatRequests(server).length).toBe(before);
    expect(chat.lastRun()?.status).toBe('budget');
    expect(chat.root().textContent?.match(/Stopped: you did not send a request of ~[\d,]+ tokens\./g)).toHaveLength(1);
    await chat.close();
  });
});

import { act, fireEvent } from '@testing-library/react/pure';
import GlassboxPlugin from '../../../src/main';
import { localDay } from '../../../src/agent';
import type { GlassboxSettingTab } from '../../../src/obsidian/settings/settings-tab';
import { DAY_SPEND_KEY } from '../../../src/obsidian/spending/device-day-spend';
import type { GlassboxSettings } from '../../../src/settings';
import { createFakeApp } from '../../../tools/fake-obsidian';
import manifestJson from '../../../manifest.json';

(window as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Issue 40 / DESIGN.md 13.4: the "Spending limits" group edits the current model's limits and
// the device's budget, and lists what this device spent on each of the last seven days.

const DAY = 86_400_000;

async function openTab(stored?: unknown) {
  const app = createFakeApp();
  await app.vault.adapter.write(`${app.vault.configDir}/plugins/${manifestJson.id}/data.json`, JSON.stringify({ model: 'gpt-4o-mini', modelPrices: { 'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 } } }));
  if (stored !== undefined) app.saveLocalStorage(DAY_SPEND_KEY, stored);
  const plugin = (await app.loadPlugin(GlassboxPlugin, manifestJson)) as unknown as { settings: GlassboxSettings };
  app.setting.openTab(app.setting.pluginTabs[0]);
  const root = (app.setting.pluginTabs[0] as unknown as GlassboxSettingTab).containerEl;
  const row = (name: string) => [...root.querySelectorAll<HTMLElement>('.setting-item')].find((item) => item.querySelector('.setting-item-name')?.textContent === name)!;
  const type = async (name: string, value: string) => {
    const input = row(name).querySelector('input')!;
    await act(async () => {
      fireEvent.input(input, { target: { value } });
      fireEvent.blur(input);
    });
  };
  return { app, plugin, row, type };
}

describe('the spending limits settings', () => {
  it('lists the last seven days, newest first, "~" where a day was counted on estimates', async () => {
    const now = Date.now();
    const { row } = await openTab({ [localDay(now)]: { amount: 0.42, estimated: false }, [localDay(now - 2 * DAY)]: { amount: 1.5, estimated: true }, [localDay(now - 30 * DAY)]: { amount: 9, estimated: false } });
    const amounts = [...row('Spent in the last seven days').querySelectorAll('.glassbox-day-spend-amount')].map((cell) => cell.textContent);
    expect(amounts).toEqual(['$0.42', '$0.00', '~$1.50', '$0.00', '$0.00', '$0.00', '$0.00']);
  });

  it("keeps the token and cost limits per model, the budget for the device; empty clears, and what is not an amount is not saved", async () => {
    const { plugin, type, row } = await openTab();
    await type('Token limit per answer', '20000');
    await type('Cost limit per answer', '0.05');
    await type('Daily budget', '2');
    expect(plugin.settings.runTokenLimits).toEqual({ 'gpt-4o-mini': 20_000 });
    expect(plugin.settings.runCostLimits).toEqual({ 'gpt-4o-mini': 0.05 });
    expect(plugin.settings.dailyBudget).toBe(2);
    await type('Token limit per answer', 'lots');
    await type('Daily budget', '-1');
    expect(plugin.settings.runTokenLimits).toEqual({ 'gpt-4o-mini': 20_000 });
    expect(plugin.settings.dailyBudget).toBe(2);
    expect(row('Token limit per answer').querySelector('.setting-item-description')?.textContent).toBe('"lots" is not a number of tokens and was not saved: enter a whole number of 0 or more, or leave it empty.');
    expect(row('Daily budget').querySelector('.setting-item-description')?.textContent).toBe('"-1" is not an amount and was not saved: enter a number of 0 or more, or leave it empty.');
    await type('Daily budget', '3');
    expect(row('Daily budget').classList.contains('is-invalid')).toBe(false);
    expect(row('Daily budget').querySelector('.setting-item-description')?.textContent).toMatch(/^In US dollars: the most all answers on this device may cost in a day/);
    expect(plugin.settings.dailyBudget).toBe(3);
    await type('Token limit per answer', '');
    await type('Ask before a request costing more than', '0');
    expect(plugin.settings.runTokenLimits).toEqual({});
    expect(plugin.settings.askAboveCost).toBe(0);
  });

  it('asks above $0.50 or 50,000 tokens by default', async () => {
    const { plugin } = await openTab();
    expect([plugin.settings.askAboveCost, plugin.settings.askAboveTokens]).toEqual([0.5, 50_000]);
  });
});

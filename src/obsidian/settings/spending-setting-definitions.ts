import type { Setting, SettingDefinitionGroup } from 'obsidian';
import { formatCost } from '../../markers';
import type { GlassboxSettingsHost } from '../../settings';
import type { DeviceDaySpend } from '../spending/device-day-spend';
import type { GlassboxSettingKey } from './setting-definitions';
import { onTextCommitted } from './text-commit';
import { t, uiLocale } from '../../i18n';

/** The per-model limits kept by model name. */
type PerModelLimit = 'runTokenLimits' | 'runCostLimits';
/** The amounts kept once for every model. */
type DeviceAmount = 'dailyBudget' | 'askAboveCost' | 'askAboveTokens';

/**
 * The "Spending limits" group of the settings tab (DESIGN.md 13.4): the current model's token
 * and cost limits per answer, the day's budget, the size above which a request asks first, and
 * what this device spent on each of the last seven days. An empty or zero field is no limit; a
 * field that is not an amount keeps the saved value (and says nothing is saved until it is one).
 */
export function spendingSettingGroup(options: { host: GlassboxSettingsHost; daySpend: DeviceDaySpend }): SettingDefinitionGroup<GlassboxSettingKey> {
  const { host, daySpend } = options;
  const save = (): void => {
    void host.saveSettings();
    daySpend.changed();
  };
  const perModel = (key: PerModelLimit, whole: boolean) => (setting: Setting) => {
    const settings = host.settings;
    const model = settings.model;
    const saved = Object.hasOwn(settings[key], model) ? settings[key][model] : undefined;
    amountField(setting, { value: saved, placeholder: t('settings.noLimit'), whole }, (amount) => {
      const { [model]: _previous, ...others } = host.settings[key];
      host.settings[key] = amount === undefined ? others : { ...others, [model]: amount };
      save();
    });
  };
  const deviceAmount = (key: DeviceAmount, whole: boolean, placeholder: string) => (setting: Setting) => {
    const value = host.settings[key];
    amountField(setting, { value: value > 0 ? value : undefined, placeholder, whole }, (amount) => {
      host.settings[key] = amount ?? 0;
      save();
    });
  };
  return {
    type: 'group',
    heading: t('settings.spendingHeading'),
    items: [
      { name: t('settings.runTokenLimit'), desc: t('settings.runTokenLimitDesc'), aliases: ['budget', 'tokens', 'limit'], render: perModel('runTokenLimits', true) },
      { name: t('settings.runCostLimit'), desc: t('settings.runCostLimitDesc'), aliases: ['budget', 'cost', 'dollars', 'limit'], render: perModel('runCostLimits', false) },
      { name: t('settings.dailyBudget'), desc: t('settings.dailyBudgetDesc'), aliases: ['budget', 'per day', 'spent today'], render: deviceAmount('dailyBudget', false, t('settings.noLimit')) },
      { name: t('settings.askAboveCost'), desc: t('settings.askAboveCostDesc'), aliases: ['large request', 'confirm'], render: deviceAmount('askAboveCost', false, t('settings.neverAsk')) },
      { name: t('settings.askAboveTokens'), desc: t('settings.askAboveTokensDesc'), aliases: ['large request', 'confirm'], render: deviceAmount('askAboveTokens', true, t('settings.neverAsk')) },
      {
        name: t('settings.lastSevenDays'),
        desc: t('settings.lastSevenDaysDesc'),
        aliases: ['spent', 'spending', 'history'],
        render: (setting) => {
          const list = setting.settingEl.createDiv({ cls: 'glassbox-day-spend', attr: { 'data-testid': 'day-spend' } });
          const format = new Intl.DateTimeFormat(uiLocale(), { weekday: 'short', month: 'short', day: 'numeric' });
          for (const { day, spend } of daySpend.lastSevenDays()) {
            const [year, month, date] = day.split('-').map(Number);
            const row = list.createDiv({ cls: 'glassbox-day-spend-row' });
            row.createSpan({ text: format.format(new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1, 12)) });
            row.createSpan({ cls: 'glassbox-day-spend-amount', text: formatCost(spend) });
          }
        },
      },
    ],
  };
}

/**
 * A text field for an amount: empty or zero clears it; anything that is not an amount is not
 * saved, and the description says so (the saved value stays) until the field holds one.
 */
function amountField(setting: Setting, field: { value: number | undefined; placeholder: string; whole: boolean }, commit: (amount: number | undefined) => void): void {
  const desc = setting.descEl.textContent ?? '';
  const show = (problem: string | null): void => {
    setting.settingEl.toggleClass('is-invalid', problem !== null);
    setting.setDesc(problem ?? desc);
  };
  setting.addText((text) =>
    onTextCommitted(text.setPlaceholder(field.placeholder).setValue(field.value === undefined ? '' : String(field.value)), (value) => {
      const trimmed = value.trim();
      const amount = Number(trimmed);
      if (trimmed !== '' && (!Number.isFinite(amount) || amount < 0 || (field.whole && !Number.isInteger(amount)))) {
        show(t(field.whole ? 'settings.tokensInvalid' : 'settings.amountInvalid', { value: trimmed }));
        return;
      }
      show(null);
      commit(trimmed === '' || amount === 0 ? undefined : amount);
    }),
  );
}


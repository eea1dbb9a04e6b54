import type { App } from 'obsidian';
import { addDaySpend, lastDays, localDay, NO_SPEND, readDaySpendRecord, type DaySpend } from '../../agent';
import type { GlassboxSettingsHost } from '../../settings';
import type { SpentToday, SpentTodaySource } from '../../ui/host-services';

/** The local-storage key of the record (Obsidian prefixes it with the vault's id on this device). */
export const DAY_SPEND_KEY = 'glassbox-day-spend';

/**
 * The day's spend on this device (DESIGN.md 13.4): every chat session adds its runs' cost here,
 * in Obsidian's local storage (`app.saveLocalStorage`: per vault and per device, never synced, so
 * it survives a restart and a synced vault does not add another device's spend). Read again
 * at each question, so a run started after another session's run ended counts it. The chat's
 * "Spent today" line subscribes to it.
 */
export class DeviceDaySpend implements SpentTodaySource {
  private readonly listeners = new Set<() => void>();
  private shown: SpentToday | null = null;

  constructor(
    private readonly options: {
      readonly app: Pick<App, 'loadLocalStorage' | 'saveLocalStorage'>;
      readonly settings: GlassboxSettingsHost;
      readonly now?: () => number;
    },
  ) {}

  /** What runs spent today. */
  today(): DaySpend {
    return this.record()[localDay(this.now())] ?? NO_SPEND;
  }

  /** The last seven days, newest first. */
  lastSevenDays(): { readonly day: string; readonly spend: DaySpend }[] {
    return lastDays(this.record(), this.now());
  }

  /** Adds a run's cost to today. */
  add(spend: DaySpend): void {
    if (!(spend.amount > 0)) return;
    this.options.app.saveLocalStorage(DAY_SPEND_KEY, addDaySpend(this.record(), localDay(this.now()), spend));
    this.changed();
  }

  /** The budget setting changed: the chat's line follows. */
  changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  current(): SpentToday | null {
    const budget = this.options.settings.settings.dailyBudget;
    if (!(budget > 0)) return (this.shown = null);
    const spent = this.today();
    // The same object while nothing changed: the chat reads it through useSyncExternalStore.
    if (this.shown === null || this.shown.budget !== budget || this.shown.spent.amount !== spent.amount || this.shown.spent.estimated !== spent.estimated) this.shown = { spent, budget };
    return this.shown;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private record() {
    return readDaySpendRecord(this.options.app.loadLocalStorage(DAY_SPEND_KEY));
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}

/**
 * What runs spent per day on one device (DESIGN.md 13.4): the day's budget is checked against it
 * and the settings list the last seven days. Kept as plain JSON by the host (the plugin in
 * Obsidian's local storage, per device, never synced); read leniently, since it lives outside
 * the plugin's data.
 */

/** One day's spend in dollars; `estimated` when any run of it was counted on Glassbox's estimate. */
export interface DaySpend {
  readonly amount: number;
  readonly estimated: boolean;
}

/** Spend by local day (`2026-11-27`), at most {@link DAYS_KEPT} days. */
export type DaySpendRecord = Readonly<Record<string, DaySpend>>;

/** Days kept: the settings show a week. */
export const DAYS_KEPT = 7;

/** Nothing spent. */
export const NO_SPEND: DaySpend = Object.freeze({ amount: 0, estimated: false });

/** The local calendar day of an instant, as `YYYY-MM-DD`: the budget starts again at the user's midnight. */
export function localDay(at: number): string {
  const date = new Date(at);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A stored record, keeping only well-formed days (anything else reads as nothing spent). */
export function readDaySpendRecord(data: unknown): DaySpendRecord {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return {};
  const days: Record<string, DaySpend> = {};
  for (const [day, value] of Object.entries(data as Record<string, unknown>)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || value === null || typeof value !== 'object') continue;
    const { amount, estimated } = value as Record<string, unknown>;
    if (typeof amount === 'number' && Number.isFinite(amount) && amount >= 0) days[day] = { amount, estimated: estimated === true };
  }
  return days;
}

/** The record with `spend` added to `day`, the oldest days beyond {@link DAYS_KEPT} dropped. */
export function addDaySpend(record: DaySpendRecord, day: string, spend: DaySpend): DaySpendRecord {
  const before = record[day] ?? NO_SPEND;
  const next: Record<string, DaySpend> = { ...record, [day]: { amount: before.amount + spend.amount, estimated: before.estimated || spend.estimated } };
  const kept = Object.keys(next).sort().slice(-DAYS_KEPT);
  return Object.fromEntries(kept.map((key) => [key, next[key] ?? NO_SPEND]));
}

/** The last `count` days up to `today`, newest first, each with its spend (nothing spent included). */
export function lastDays(record: DaySpendRecord, today: number, count = DAYS_KEPT): { readonly day: string; readonly spend: DaySpend }[] {
  const days: { day: string; spend: DaySpend }[] = [];
  const date = new Date(today);
  for (let back = 0; back < count; back++) {
    const day = localDay(new Date(date.getFullYear(), date.getMonth(), date.getDate() - back, 12).getTime());
    days.push({ day, spend: record[day] ?? NO_SPEND });
  }
  return days;
}

/** A resolved time range: inclusive epoch-ms ends and a human description. */
export interface ResolvedTimeRange {
  readonly start: number;
  readonly end: number;
}

const DAY = 86_400_000;
const UNITS: Readonly<Record<string, 'hour' | 'day' | 'week' | 'month' | 'year'>> = {
  hour: 'hour', hours: 'hour', h: 'hour',
  day: 'day', days: 'day', d: 'day',
  week: 'week', weeks: 'week', w: 'week',
  month: 'month', months: 'month',
  year: 'year', years: 'year', y: 'year',
};
const NUMBER_WORDS: Readonly<Record<string, number>> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, few: 3, couple: 2 };

function startOfDay(time: number): Date {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date;
}

/** Monday 00:00 of the week containing `time` (weeks start on Monday, as in ISO 8601). */
function startOfWeek(time: number): Date {
  const date = startOfDay(time);
  date.setDate(date.getDate() - ((date.getDay() + 6) % 7));
  return date;
}

function range(start: Date, endExclusive: Date): ResolvedTimeRange {
  return { start: start.getTime(), end: endExclusive.getTime() - 1 };
}

function monthRange(year: number, month: number): ResolvedTimeRange {
  return range(new Date(year, month, 1), new Date(year, month + 1, 1));
}

/** Parses `YYYY`, `YYYY-MM`, `YYYY-MM-DD` (local time) into the range it covers. */
function parseDate(text: string): ResolvedTimeRange | null {
  const match = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(text.trim());
  if (!match) {
    const parsed = Date.parse(text);
    return Number.isNaN(parsed) ? null : { start: parsed, end: parsed };
  }
  const year = Number(match[1]);
  if (match[2] === undefined) return range(new Date(year, 0, 1), new Date(year + 1, 0, 1));
  const month = Number(match[2]) - 1;
  if (month < 0 || month > 11) return null;
  if (match[3] === undefined) return monthRange(year, month);
  const day = Number(match[3]);
  if (day < 1 || day > 31) return null;
  return range(new Date(year, month, day), new Date(year, month, day + 1));
}

function shift(date: Date, unit: 'hour' | 'day' | 'week' | 'month' | 'year', amount: number): Date {
  const shifted = new Date(date.getTime());
  if (unit === 'hour') shifted.setHours(shifted.getHours() + amount);
  else if (unit === 'day') shifted.setDate(shifted.getDate() + amount);
  else if (unit === 'week') shifted.setDate(shifted.getDate() + 7 * amount);
  else if (unit === 'month') shifted.setMonth(shifted.getMonth() + amount);
  else shifted.setFullYear(shifted.getFullYear() + amount);
  return shifted;
}

function calendarUnit(unit: 'hour' | 'day' | 'week' | 'month' | 'year', now: number): Date {
  if (unit === 'week') return startOfWeek(now);
  const date = unit === 'hour' ? new Date(now) : startOfDay(now);
  if (unit === 'hour') date.setMinutes(0, 0, 0);
  if (unit === 'month' || unit === 'year') date.setDate(1);
  if (unit === 'year') date.setMonth(0);
  return date;
}

/**
 * Turns a time expression into an epoch-ms range relative to `now`, in local time:
 * `today`, `yesterday`, `this week|month|year`, `last week|month|year` (the previous calendar
 * one), `past|last N days|weeks|months` (rolling, ending now), `N days ago` (that day),
 * `since 2024-05-01`, `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, ISO timestamps, and `A to B` / `A..B`.
 * Returns null for anything else.
 */
export function parseTimeRange(expression: string, now: number): ResolvedTimeRange | null {
  const text = expression.trim().toLowerCase().replace(/\s+/g, ' ');
  const between = /^(?:from |between )?(.+?) (?:to|until|and|-) (.+)$|^(.+?)\.\.(.+)$/.exec(text);
  if (between) {
    const from = parseTimeRange(between[1] ?? between[3], now);
    const to = parseTimeRange(between[2] ?? between[4], now);
    if (from && to) return { start: Math.min(from.start, to.start), end: Math.max(from.end, to.end) };
  }
  if (text === 'today') return range(startOfDay(now), shift(startOfDay(now), 'day', 1));
  if (text === 'yesterday') return range(shift(startOfDay(now), 'day', -1), startOfDay(now));
  if (text === 'now') return { start: now, end: now };
  const since = /^since (.+)$/.exec(text);
  if (since) {
    const from = parseTimeRange(since[1], now);
    return from ? { start: from.start, end: now } : null;
  }
  const calendar = /^(this|last|previous|next) (hour|day|week|month|year)$/.exec(text);
  if (calendar) {
    const unit = UNITS[calendar[2]];
    const current = calendarUnit(unit, now);
    const offset = calendar[1] === 'this' ? 0 : calendar[1] === 'next' ? 1 : -1;
    const start = shift(current, unit, offset);
    return range(start, shift(start, unit, 1));
  }
  const rolling = /^(?:past|last|previous|in the (?:past|last)) (\d+|[a-z]+) ([a-z]+)$/.exec(text);
  if (rolling) {
    const amount = /^\d+$/.test(rolling[1]) ? Number(rolling[1]) : NUMBER_WORDS[rolling[1]];
    const unit = UNITS[rolling[2]];
    if (amount !== undefined && unit !== undefined) return { start: shift(new Date(now), unit, -amount).getTime(), end: now };
  }
  const ago = /^(\d+|[a-z]+) ([a-z]+) ago$/.exec(text);
  if (ago) {
    const amount = /^\d+$/.test(ago[1]) ? Number(ago[1]) : NUMBER_WORDS[ago[1]];
    const unit = UNITS[ago[2]];
    if (amount !== undefined && unit !== undefined) {
      const start = shift(calendarUnit(unit, now), unit, -amount);
      return range(start, shift(start, unit, 1));
    }
  }
  return parseDate(text);
}

/** A day and time in local time, `2024-05-03 14:05`, for tool output. */
export function formatLocalTime(time: number): string {
  const date = new Date(time);
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export { DAY as DAY_MS };

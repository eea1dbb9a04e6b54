import { addDaySpend, lastDays, localDay, readDaySpendRecord } from '../../../src/agent';

// Issue 40: the day's spend per device, as the plugin keeps it in local storage.

const NOON = new Date(2026, 10, 27, 12).getTime();

describe('the day spend record', () => {
  it('adds to a day, keeps it estimated once any run of it was, and keeps seven days', () => {
    let record = addDaySpend({}, '2026-11-27', { amount: 0.25, estimated: false });
    record = addDaySpend(record, '2026-11-27', { amount: 0.17, estimated: true });
    expect(record['2026-11-27']?.amount).toBeCloseTo(0.42, 10);
    expect(record['2026-11-27']?.estimated).toBe(true);
    for (let day = 10; day <= 19; day++) record = addDaySpend(record, `2026-12-${day}`, { amount: 1, estimated: false });
    expect(Object.keys(record)).toEqual(['2026-12-13', '2026-12-14', '2026-12-15', '2026-12-16', '2026-12-17', '2026-12-18', '2026-12-19']);
  });

  it('lists the last seven local days newest first, nothing spent included', () => {
    const days = lastDays({ '2026-11-27': { amount: 0.42, estimated: false }, '2026-11-25': { amount: 1, estimated: true } }, NOON);
    expect(days.map((entry) => [entry.day, entry.spend.amount])).toEqual([['2026-11-27', 0.42], ['2026-11-26', 0], ['2026-11-25', 1], ['2026-11-24', 0], ['2026-11-23', 0], ['2026-11-22', 0], ['2026-11-21', 0]]);
    expect(localDay(new Date(2026, 0, 5, 23, 59).getTime())).toBe('2026-01-05');
  });

  it.each([[null], ['text'], [[1, 2]], [{ '2026-11-27': { amount: -1 } }], [{ yesterday: { amount: 1 } }], [{ '2026-11-27': { amount: 'a lot' } }]])('reads %j as nothing spent', (stored) => {
    expect(readDaySpendRecord(stored)).toEqual({});
  });
});

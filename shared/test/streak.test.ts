import { describe, expect, it } from 'vitest';
import { currentStreak, STREAK_LOOKBACK_DAYS } from '../src/streak/streak';
import { addDays } from '../src/week/week';

/** `count` consecutive dates ending on `last`. */
function run(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(last, -i));
}

describe('currentStreak', () => {
  const today = '2026-11-22';

  it('is 0 with nothing completed', () => {
    expect(currentStreak([], today)).toBe(0);
  });

  it('counts consecutive days back from today', () => {
    expect(currentStreak(['2026-11-22'], today)).toBe(1);
    expect(currentStreak(run(today, 5), today)).toBe(5);
  });

  it('is not broken by today not being done yet', () => {
    expect(currentStreak(run('2026-11-21', 4), today)).toBe(4);
  });

  it('is broken by a missing yesterday', () => {
    expect(currentStreak(run('2026-11-20', 4), today)).toBe(0);
    expect(currentStreak(['2026-11-22', ...run('2026-11-20', 4)], today)).toBe(1);
  });

  it('stops at the first gap', () => {
    expect(currentStreak([...run(today, 3), ...run('2026-11-18', 10)], today)).toBe(3);
  });

  it('runs across month, year and leap-day boundaries', () => {
    expect(currentStreak(run('2027-01-02', 10), '2027-01-02')).toBe(10);
    expect(currentStreak(run('2024-03-02', 5), '2024-03-02')).toBe(5);
    // 2024-02-29 missing breaks a run that would otherwise reach February.
    expect(currentStreak(['2024-03-02', '2024-03-01', '2024-02-28'], '2024-03-02')).toBe(2);
  });

  it('ignores duplicates and future dates', () => {
    expect(currentStreak([today, today, '2026-11-21', '2026-11-21'], today)).toBe(2);
    expect(currentStreak(['2026-11-23', '2026-11-24', '2026-11-21'], today)).toBe(1);
    expect(currentStreak(['2027-01-01'], today)).toBe(0);
  });

  it('ignores values that are not dates', () => {
    expect(currentStreak(['', 'yesterday', '2026-11-22'], today)).toBe(1);
  });

  it('accepts any iterable, in any order', () => {
    const dates = new Set(run(today, 7).reverse());
    expect(currentStreak(dates, today)).toBe(7);
  });

  it('counts at most 365 days, with or without today', () => {
    expect(STREAK_LOOKBACK_DAYS).toBe(365);
    expect(currentStreak(run(today, 364), today)).toBe(364);
    expect(currentStreak(run(today, 365), today)).toBe(365);
    expect(currentStreak(run(today, 400), today)).toBe(365);
    // Without today, the 365 days counted are yesterday and the 364 before it.
    expect(currentStreak(run('2026-11-21', 365), today)).toBe(365);
    expect(currentStreak(run('2026-11-21', 500), today)).toBe(365);
  });

  it('rejects a malformed today', () => {
    expect(() => currentStreak([], '2026-13-01')).toThrow(RangeError);
  });
});

describe('currentStreak with rest days (docs/rules.md#rest-days)', () => {
  // 2026-11-16 is a Monday; 2026-11-22 the Sunday of that week.
  it('steps over a rest day in the middle of a run, without counting it', () => {
    // Complete Monday, rest Tuesday, complete Wednesday; today is Thursday, not done yet.
    expect(currentStreak(['2026-11-16', '2026-11-18'], '2026-11-19', ['2026-11-17'])).toBe(2);
    // The same days without the rest: Tuesday breaks the run.
    expect(currentStreak(['2026-11-16', '2026-11-18'], '2026-11-19')).toBe(1);
  });

  it('steps over a rest day at the week boundary (Sunday rest, Monday done)', () => {
    const completed = ['2026-11-20', '2026-11-21', '2026-11-23'];
    expect(currentStreak(completed, '2026-11-23', ['2026-11-22'])).toBe(3);
    // Sunday rests one week's rest day and Monday the next's: both are stepped over.
    expect(currentStreak(['2026-11-21', '2026-11-24'], '2026-11-24', ['2026-11-22', '2026-11-23'])).toBe(2);
    // A Sunday neither done nor rested breaks the run, whatever Monday is.
    expect(currentStreak(['2026-11-20', '2026-11-21'], '2026-11-24', ['2026-11-23'])).toBe(0);
  });

  it('is neither broken nor extended when today is a rest day', () => {
    expect(currentStreak(run('2026-11-21', 3), '2026-11-22', ['2026-11-22'])).toBe(3);
    expect(currentStreak([], '2026-11-22', ['2026-11-22'])).toBe(0);
    expect(currentStreak(['2026-11-22'], '2026-11-22', ['2026-11-22'])).toBe(1);
  });

  it('counts rest days only when each week has at most one, as the server keeps them', () => {
    // Two weeks, each with its one rest day, inside a run of completed days.
    const rests = ['2026-11-11', '2026-11-18'];
    const completed = run('2026-11-21', 14).filter((date) => !rests.includes(date));
    expect(currentStreak(completed, '2026-11-22', rests)).toBe(12);
  });

  it('ignores rest days after today and never looks back further than the window', () => {
    expect(currentStreak(['2026-11-21'], '2026-11-22', ['2026-11-23'])).toBe(1);
    const rests = run('2026-11-21', STREAK_LOOKBACK_DAYS);
    expect(currentStreak(['2026-11-21'], '2026-11-22', rests)).toBe(1);
    // A window of rest days and a completed day beyond it: the window ends first.
    const farRests = run('2026-11-21', STREAK_LOOKBACK_DAYS);
    expect(currentStreak([addDays('2026-11-21', -STREAK_LOOKBACK_DAYS)], '2026-11-22', farRests)).toBe(0);
  });
});

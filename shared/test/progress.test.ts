import { describe, expect, it } from 'vitest';
import { PROGRESS_WEEKS, progressFrom, progressSummary } from '../src/progress/progress';

describe('progressSummary (docs/rules.md#progress)', () => {
  const today = '2026-11-18'; // a Wednesday

  it('shows twelve weeks ending with today, each day completed, rested, open or to come', () => {
    const view = progressSummary(
      today,
      [
        { date: '2026-11-16', rest: false },
        { date: '2026-11-17', rest: true },
        { date: '2026-08-01', rest: false }, // before the window
      ],
      [],
    );
    expect(progressFrom(today)).toBe('2026-08-31');
    expect(view.weeks).toHaveLength(PROGRESS_WEEKS);
    expect(view.weeks[0]?.weekStart).toBe('2026-08-31');
    expect(view.weeks.at(-1)?.days.map((day) => day.state)).toEqual([
      'complete',
      'rest',
      'open',
      'future',
      'future',
      'future',
      'future',
    ]);
    expect(view.streak).toBe(1);
  });

  it('adds up ticked minutes per week and ranks the categories she ticks most', () => {
    const view = progressSummary(
      today,
      [],
      [
        { weekStart: '2026-11-16', category: 'Physical', duration: 10, completed: true },
        { weekStart: '2026-11-16', category: 'Mental', duration: 5, completed: true },
        { weekStart: '2026-11-09', category: 'Mental', duration: 5, completed: true },
        { weekStart: '2026-11-09', category: 'Social', duration: 30, completed: false },
        { weekStart: '2026-08-24', category: 'Sensory', duration: 30, completed: true }, // before the window
      ],
    );
    expect(view.weeks.at(-1)?.minutes).toBe(15);
    expect(view.weeks.at(-2)?.minutes).toBe(5);
    expect(view.categories).toEqual([
      { category: 'Mental', activities: 2, minutes: 10 },
      { category: 'Physical', activities: 1, minutes: 10 },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_REST_DAYS_PER_WEEK, restDayChange } from '../src/planner/rest-day';

describe('restDayChange (docs/rules.md#rest-days)', () => {
  it('rests a day that is neither completed nor rested', () => {
    expect(restDayChange({ restDays: [], completedDays: [0] }, 1, true)).toBe('rest');
  });

  it('allows one rest day a week', () => {
    expect(MAX_REST_DAYS_PER_WEEK).toBe(1);
    expect(restDayChange({ restDays: [1], completedDays: [] }, 3, true)).toBe('limit');
    // Asking again for the day already rested changes nothing.
    expect(restDayChange({ restDays: [1], completedDays: [] }, 1, true)).toBe('none');
  });

  it('never rests a completed day: a day is one or the other', () => {
    expect(restDayChange({ restDays: [], completedDays: [2] }, 2, true)).toBe('completed');
  });

  it('takes a rest day back, and taking back a day not rested changes nothing', () => {
    expect(restDayChange({ restDays: [4], completedDays: [] }, 4, false)).toBe('undo');
    expect(restDayChange({ restDays: [4], completedDays: [] }, 5, false)).toBe('none');
  });
});

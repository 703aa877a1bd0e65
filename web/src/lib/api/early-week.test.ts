import { todayIn, weekStartOf } from '@bloom/shared/week/week';
import { describe, expect, it } from 'vitest';
import { browserTimeZone } from '../time-zone';
import { browserWeekStart } from './early-week';

describe('browserWeekStart', () => {
  it("is the planner's first week: the Monday of today in the browser's time zone", () => {
    for (let day = 0; day < 60; day++) {
      const now = new Date(Date.UTC(2026, 9, 1 + day, day % 24, 30));
      expect(browserWeekStart(now)).toBe(weekStartOf(todayIn(browserTimeZone(), now)));
    }
  });
});

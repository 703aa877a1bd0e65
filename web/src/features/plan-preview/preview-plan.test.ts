import { defaultPlanSeed, generatePlan } from '@bloom/shared/plan/generate-plan';
import { DEFAULT_QUIZ_ANSWERS } from '@bloom/shared/quiz/quiz';
import { describe, expect, it } from 'vitest';
import { minutesOf, moveItem, type PreviewDay, previewWeek, slotOf } from './preview-plan';

const item = (id: string, duration = 5) => ({
  id,
  activity: {
    id,
    name: id,
    category: 'Mental' as const,
    duration,
    icon: '🌸',
    timePeriod: 'Any' as const,
    isCustom: false as const,
    effort: 'low' as const,
    vibes: [],
    focus: [],
  },
});

const day = (): PreviewDay => ({
  Morning: [item('a'), item('b'), item('c')],
  Midday: [item('d', 10)],
  Evening: [],
});
const ids = (value: PreviewDay) => ({
  Morning: value.Morning.map((entry) => entry.id),
  Midday: value.Midday.map((entry) => entry.id),
  Evening: value.Evening.map((entry) => entry.id),
});

describe('plan preview', () => {
  it('is the week the shared generator makes from the answers, the same on every reload', () => {
    const week = previewWeek(DEFAULT_QUIZ_ANSWERS, '2026-11-16');
    expect(week).toHaveLength(7);
    expect(previewWeek(DEFAULT_QUIZ_ANSWERS, '2026-11-16').map(ids)).toEqual(week.map(ids));
    for (const planned of week) expect(minutesOf(planned)).toBeGreaterThan(0);
  });

  it('is exactly the default plan the server makes for that week, so signing in keeps what she saw', () => {
    const server = generatePlan({ answers: DEFAULT_QUIZ_ANSWERS, seed: defaultPlanSeed('2026-11-16') });
    const preview = previewWeek(DEFAULT_QUIZ_ANSWERS, '2026-11-16');
    const previewEntries = preview.flatMap((day, index) =>
      (['Morning', 'Midday', 'Evening'] as const).flatMap((slot) =>
        day[slot].map((item) => ({ day: index, slot, activityId: item.activity.id })),
      ),
    );
    expect(previewEntries).toEqual(server.map(({ day, slot, activityId }) => ({ day, slot, activityId })));
  });

  it('moves an item to an empty slot, before another item, or down within its slot', () => {
    expect(ids(moveItem(day(), 'b', 'Evening', null))).toEqual({
      Morning: ['a', 'c'],
      Midday: ['d'],
      Evening: ['b'],
    });
    expect(ids(moveItem(day(), 'c', 'Midday', 'd'))).toEqual({
      Morning: ['a', 'b'],
      Midday: ['c', 'd'],
      Evening: [],
    });
    expect(ids(moveItem(day(), 'a', 'Morning', 'c')).Morning).toEqual(['b', 'c', 'a']);
    expect(ids(moveItem(day(), 'c', 'Morning', 'a')).Morning).toEqual(['c', 'a', 'b']);
    expect(slotOf(day(), 'd')).toBe('Midday');
    expect(minutesOf(day())).toBe(25);
  });

  it('leaves the day alone for an unknown item', () => {
    const original = day();
    expect(moveItem(original, 'zzz', 'Evening', null)).toBe(original);
  });
});

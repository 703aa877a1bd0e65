import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { planArrangementSchema, updateProfileBodySchema } from '../src/api/profile-request';
import { defaultPlanSeed, generatePlan, type PlanEntry } from '../src/plan/generate-plan';
import {
  arrangementOf,
  arrangePlan,
  effectOfNewAnswers,
  isUntouched,
  type PlanArrangement,
  planSignature,
  replacePlan,
  sameAnswers,
  type WeekSnapshot,
  weekPlan,
} from '../src/plan/week-plan';
import type { DayIndex, Slot } from '../src/planner/types';
import { DEFAULT_QUIZ_ANSWERS, type QuizAnswers } from '../src/quiz/quiz';

const WEEK = '2026-11-16';
const generated = generatePlan({ answers: DEFAULT_QUIZ_ANSWERS, seed: defaultPlanSeed(WEEK) });

/** The generated arrangement with Monday's first Morning activity moved to the end of Monday's Evening. */
function mondayMorningToEvening(): PlanArrangement {
  const arrangement = arrangementOf(WEEK, generated);
  const monday = arrangement.days[0];
  if (!monday) throw new Error('no Monday');
  const [first, ...rest] = monday.Morning.length > 0 ? monday.Morning : monday.Midday;
  if (!first) throw new Error('Monday has no activity to move');
  const from: Slot = monday.Morning.length > 0 ? 'Morning' : 'Midday';
  const days = [...arrangement.days];
  days[0] = { ...monday, [from]: rest, Evening: [...monday.Evening, first] };
  return { weekStart: WEEK, days };
}

const withDay = (arrangement: PlanArrangement, day: number, value: Record<Slot, string[]>) => ({
  ...arrangement,
  days: arrangement.days.map((entry, index) => (index === day ? value : entry)),
});

describe('arrangePlan', () => {
  it('places the plan as she arranged it, in her order, keeping every activity', () => {
    const arrangement = mondayMorningToEvening();
    const arranged = arrangePlan(generated, arrangement);
    expect(arranged).not.toEqual(generated);
    expect(arrangementOf(WEEK, arranged)).toEqual(arrangement);
    expect(planSignature(arranged)).not.toBe(planSignature(generated));
    expect(arranged.map((entry) => entry.activityId).sort()).toEqual(
      generated.map((entry) => entry.activityId).sort(),
    );
  });

  it('is the generated plan itself when nothing was moved, or no arrangement is given', () => {
    expect(arrangePlan(generated, arrangementOf(WEEK, generated))).toEqual(generated);
    expect(arrangePlan(generated, null)).toEqual(generated);
  });

  it('ignores an arrangement with an activity the plan does not have', () => {
    const arrangement = mondayMorningToEvening();
    const monday = arrangement.days[0] as Record<Slot, string[]>;
    const forged = withDay(arrangement, 0, { ...monday, Evening: [...monday.Evening, 'champagne-brunch'] });
    expect(arrangePlan(generated, forged)).toEqual(generated);
  });

  it('ignores an arrangement that drops an activity, moves one to another day, or repeats one', () => {
    const arrangement = arrangementOf(WEEK, generated);
    const monday = arrangement.days[0] as Record<Slot, string[]>;
    const tuesday = arrangement.days[1] as Record<Slot, string[]>;
    const all = [...monday.Morning, ...monday.Midday, ...monday.Evening];
    const dropped = withDay(arrangement, 0, { Morning: all.slice(1), Midday: [], Evening: [] });
    expect(arrangePlan(generated, dropped)).toEqual(generated);

    const toTuesday = withDay(
      withDay(arrangement, 0, { Morning: all.slice(1), Midday: [], Evening: [] }),
      1,
      {
        ...tuesday,
        Evening: [...tuesday.Evening, all[0] as string],
      },
    );
    expect(arrangePlan(generated, toTuesday)).toEqual(generated);

    const twice = withDay(arrangement, 0, {
      Morning: [all[0] as string, all[0] as string],
      Midday: [],
      Evening: [],
    });
    expect(arrangePlan(generated, twice)).toEqual(generated);
  });

  it('ignores an arrangement without seven days', () => {
    const short = { weekStart: WEEK, days: arrangementOf(WEEK, generated).days.slice(0, 6) };
    expect(arrangePlan(generated, short)).toEqual(generated);
  });
});

describe('weekPlan', () => {
  it('is the generated plan of the week, in her arrangement only when it is of that week', () => {
    expect(weekPlan(DEFAULT_QUIZ_ANSWERS, WEEK)).toEqual(generated);
    const arrangement = mondayMorningToEvening();
    expect(weekPlan(DEFAULT_QUIZ_ANSWERS, WEEK, arrangement)).toEqual(arrangePlan(generated, arrangement));
    expect(weekPlan(DEFAULT_QUIZ_ANSWERS, '2026-11-23', arrangement)).toEqual(
      generatePlan({ answers: DEFAULT_QUIZ_ANSWERS, seed: defaultPlanSeed('2026-11-23') }),
    );
  });

  it('ignores an arrangement of the plan other answers make', () => {
    const other: QuizAnswers = {
      ...DEFAULT_QUIZ_ANSWERS,
      timePreference: 'Evening person',
      vibe: 'Fun & playful',
    };
    const arrangement = mondayMorningToEvening();
    expect(weekPlan(other, WEEK, arrangement)).toEqual(weekPlan(other, WEEK));
  });
});

describe('the arrangement on the wire', () => {
  it('accepts seven days of activity ids and refuses what is malformed or oversized', () => {
    const arrangement = arrangementOf(WEEK, generated);
    expect(v.safeParse(planArrangementSchema, arrangement).success).toBe(true);
    expect(
      v.safeParse(planArrangementSchema, { ...arrangement, days: arrangement.days.slice(1) }).success,
    ).toBe(false);
    const stuffed = withDay(arrangement, 0, {
      Morning: Array.from({ length: 7 }, (_, i) => `a${i}`),
      Midday: [],
      Evening: [],
    });
    expect(v.safeParse(planArrangementSchema, stuffed).success).toBe(false);
    expect(v.safeParse(planArrangementSchema, { ...arrangement, extra: 1 }).success).toBe(false);
    expect(v.safeParse(planArrangementSchema, { ...arrangement, weekStart: '2026-11-17' }).success).toBe(
      false,
    );
  });

  it('comes only with the answers it arranges', () => {
    const planArrangement = arrangementOf(WEEK, generated);
    expect(v.safeParse(updateProfileBodySchema, { timeZone: 'UTC', planArrangement }).success).toBe(false);
    expect(
      v.safeParse(updateProfileBodySchema, {
        timeZone: 'UTC',
        quizAnswers: DEFAULT_QUIZ_ANSWERS,
        planArrangement,
      }).success,
    ).toBe(true);
  });
});

describe('sameAnswers', () => {
  it('compares every answer, focus areas in any order; no stored answers differ', () => {
    const reordered = { ...DEFAULT_QUIZ_ANSWERS, focusAreas: [...DEFAULT_QUIZ_ANSWERS.focusAreas].reverse() };
    expect(sameAnswers(DEFAULT_QUIZ_ANSWERS, reordered)).toBe(true);
    expect(sameAnswers(DEFAULT_QUIZ_ANSWERS, { ...DEFAULT_QUIZ_ANSWERS, vibe: 'Fun & playful' })).toBe(false);
    expect(
      sameAnswers(DEFAULT_QUIZ_ANSWERS, { ...DEFAULT_QUIZ_ANSWERS, focusAreas: ['Mental wellbeing'] }),
    ).toBe(false);
    expect(sameAnswers(null, DEFAULT_QUIZ_ANSWERS)).toBe(false);
  });
});

const open = (day: DayIndex, slot: Slot, activityId: string) => ({ day, slot, activityId, completed: false });
const done = (day: DayIndex, slot: Slot, activityId: string) => ({ day, slot, activityId, completed: true });

describe('what new answers do to the current week', () => {
  const planned = [open(0, 'Morning', 'a'), open(0, 'Evening', 'b'), open(3, 'Midday', 'c')];
  const untouched: WeekSnapshot = {
    seeded: true,
    activities: planned,
    editsUsed: 0,
    markedDays: [],
    plannedSignature: planSignature(planned),
  };

  it('replans a planned week that is still exactly as Bloom planned it', () => {
    expect(isUntouched(untouched)).toBe(true);
    expect(effectOfNewAnswers(untouched)).toBe('replan');
  });

  it('offers to replace a week with an edit, a tick, a marked day, or a move or removal of hers', () => {
    expect(effectOfNewAnswers({ ...untouched, editsUsed: 1 })).toBe('offer');
    expect(
      effectOfNewAnswers({ ...untouched, activities: [done(0, 'Morning', 'a'), ...planned.slice(1)] }),
    ).toBe('offer');
    expect(effectOfNewAnswers({ ...untouched, markedDays: [3] })).toBe('offer');
    expect(
      effectOfNewAnswers({ ...untouched, activities: [open(0, 'Midday', 'a'), ...planned.slice(1)] }),
    ).toBe('offer');
    expect(effectOfNewAnswers({ ...untouched, activities: planned.slice(1) })).toBe('offer');
  });

  it('judges a week planned before its layout was recorded by edits, ticks and marks alone', () => {
    expect(
      effectOfNewAnswers({ ...untouched, plannedSignature: undefined, activities: planned.slice(1) }),
    ).toBe('replan');
  });

  it('leaves a week not planned yet to its first read; offers for one she filled herself', () => {
    expect(
      effectOfNewAnswers({ ...untouched, seeded: false, activities: [], plannedSignature: undefined }),
    ).toBe('none');
    expect(effectOfNewAnswers({ ...untouched, seeded: false, editsUsed: 3 })).toBe('offer');
  });
});

describe('replacePlan', () => {
  const fresh: PlanEntry[] = [
    { day: 0, slot: 'Morning', activityId: 'x' },
    { day: 0, slot: 'Morning', activityId: 'a' },
    { day: 1, slot: 'Evening', activityId: 'y' },
    { day: 2, slot: 'Midday', activityId: 'z' },
  ];

  it('removes unticked activities, keeps ticked ones, and adds the new plan around them', () => {
    const current = [done(0, 'Morning', 'a'), open(0, 'Evening', 'b'), open(1, 'Evening', 'c')];
    const { remove, keep, add } = replacePlan(current, [], fresh);
    expect(remove).toEqual([current[1], current[2]]);
    expect(keep).toEqual([current[0]]);
    // 'a' is already ticked in Monday Morning: not twice in a slot.
    expect(add).toEqual([fresh[0], fresh[2], fresh[3]]);
  });

  it('leaves a day marked complete exactly as it is', () => {
    const current = [done(2, 'Morning', 'a'), open(2, 'Evening', 'b'), open(1, 'Evening', 'c')];
    const { remove, keep, add } = replacePlan(current, [2], fresh);
    expect(remove).toEqual([current[2]]);
    expect(keep).toEqual([]);
    expect(add.map((entry) => entry.activityId)).toEqual(['x', 'a', 'y']);
  });

  it('never overfills a slot that ticked activities already fill', () => {
    const full = Array.from({ length: 20 }, (_, index) => done(0, 'Morning', `t${index}`));
    const { add } = replacePlan(full, [], fresh);
    expect(add.some((entry) => entry.day === 0 && entry.slot === 'Morning')).toBe(false);
    expect(add).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { ACTIVITY_CATALOGUE, findCatalogueActivity } from '../src/catalogue/activities';
import {
  DAILY_BUDGETS,
  FOCUS_TAG_OF,
  generatePlan,
  type PlanEntry,
  planMinutesByDay,
  VIBE_TAG_OF,
} from '../src/plan/generate-plan';
import type { CatalogueActivity, Slot } from '../src/planner/types';
import { DEFAULT_PLAN_PER_SLOT, SLOTS } from '../src/planner/types';
import {
  DEFAULT_QUIZ_ANSWERS,
  ENERGY_LEVELS,
  FOCUS_AREAS,
  type QuizAnswers,
  TIME_COMMITMENTS,
  TIME_PREFERENCES,
  VIBES,
} from '../src/quiz/quiz';

const SEEDS = ['user-a:2026-11-16', 'user-b:2026-11-23', 'user-c:2024-06-24', 'user-d:2027-01-04'];

/** Every combination of single answers with one focus area, plus all five areas at once. */
function allAnswers(): QuizAnswers[] {
  const focusChoices: QuizAnswers['focusAreas'][] = [...FOCUS_AREAS.map((area) => [area]), [...FOCUS_AREAS]];
  const answers: QuizAnswers[] = [];
  for (const timeCommitment of TIME_COMMITMENTS)
    for (const energyLevel of ENERGY_LEVELS)
      for (const focusAreas of focusChoices)
        for (const vibe of VIBES)
          for (const timePreference of TIME_PREFERENCES)
            answers.push({ timeCommitment, energyLevel, focusAreas, vibe, timePreference });
  return answers;
}

interface Sample {
  answers: QuizAnswers;
  seed: string;
  plan: PlanEntry[];
}

const SAMPLES: Sample[] = allAnswers().flatMap((answers) =>
  SEEDS.map((seed) => ({ answers, seed, plan: generatePlan({ answers, seed }) })),
);

const activityOf = (entry: PlanEntry): CatalogueActivity => {
  const activity = findCatalogueActivity(entry.activityId);
  if (!activity) throw new Error(`Unknown activity ${entry.activityId}`);
  return activity;
};
const activitiesOf = (samples: Sample[]) => samples.flatMap((sample) => sample.plan.map(activityOf));
const shareOf = (activities: CatalogueActivity[], test: (activity: CatalogueActivity) => boolean) =>
  activities.filter(test).length / activities.length;
const where = (test: (answers: QuizAnswers) => boolean) => SAMPLES.filter((sample) => test(sample.answers));

function slotMinutes(plan: PlanEntry[], slot: Slot): number {
  return plan
    .filter((entry) => entry.slot === slot)
    .reduce((sum, entry) => sum + activityOf(entry).duration, 0);
}

describe('generatePlan: shape of a default week', () => {
  it('places real catalogue activities only in slots their time period allows', () => {
    const misplaced = SAMPLES.flatMap(({ plan }) =>
      plan.filter((entry) => {
        const { timePeriod } = activityOf(entry);
        return !(entry.day >= 0 && entry.day <= 6 && (timePeriod === entry.slot || timePeriod === 'Any'));
      }),
    );
    expect(misplaced).toEqual([]);
  });

  it('puts at most 2 activities in a slot and never the same activity twice in a day', () => {
    const problems: string[] = [];
    for (const { plan, seed } of SAMPLES) {
      for (let day = 0; day < 7; day += 1) {
        const ofDay = plan.filter((entry) => entry.day === day);
        for (const slot of SLOTS) {
          const inSlot = ofDay.filter((entry) => entry.slot === slot).length;
          if (inSlot > DEFAULT_PLAN_PER_SLOT) problems.push(`${seed} day ${day} ${slot}: ${inSlot}`);
        }
        if (new Set(ofDay.map((entry) => entry.activityId)).size !== ofDay.length)
          problems.push(`${seed} day ${day}: repeat`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('plans every day of the week, ordered by day then slot', () => {
    for (const { plan } of SAMPLES) {
      expect(new Set(plan.map((entry) => entry.day)).size).toBe(7);
      const order = plan.map((entry) => entry.day * 10 + SLOTS.indexOf(entry.slot));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });

  it('varies the week instead of repeating one activity every day', () => {
    let distinctTotal = 0;
    for (const { plan } of SAMPLES) {
      const daysOf = new Map<string, number>();
      for (const entry of plan) daysOf.set(entry.activityId, (daysOf.get(entry.activityId) ?? 0) + 1);
      expect(Math.max(...daysOf.values())).toBeLessThan(7);
      distinctTotal += daysOf.size;
    }
    expect(distinctTotal / SAMPLES.length).toBeGreaterThanOrEqual(10);
  });
});

describe('generatePlan: time commitment', () => {
  it.each(TIME_COMMITMENTS)('keeps every day of "%s" inside its budget', (timeCommitment) => {
    const { min, max } = DAILY_BUDGETS[timeCommitment];
    const outside = where((answers) => answers.timeCommitment === timeCommitment)
      .flatMap(({ plan, seed, answers }) =>
        planMinutesByDay(plan).map((minutes, day) => ({ minutes, day, seed, answers })),
      )
      .filter(({ minutes }) => minutes < min || minutes > max);
    expect(outside).toEqual([]);
  });

  it('matches the quiz wording', () => {
    expect(DAILY_BUDGETS['5-10 minutes']).toMatchObject({ min: 5, max: 10 });
    expect(DAILY_BUDGETS['15-20 minutes']).toMatchObject({ min: 15, max: 20 });
    expect(DAILY_BUDGETS['30+ minutes'].min).toBe(30);
    expect(DAILY_BUDGETS['30+ minutes'].max).toBeLessThanOrEqual(60);
  });

  it('gives more minutes for a bigger commitment', () => {
    const weekly = (timeCommitment: string) => {
      const samples = where((answers) => answers.timeCommitment === timeCommitment);
      return (
        samples.reduce((sum, { plan }) => sum + planMinutesByDay(plan).reduce((a, b) => a + b, 0), 0) /
        samples.length
      );
    };
    expect(weekly('15-20 minutes')).toBeGreaterThan(weekly('5-10 minutes') * 1.8);
    expect(weekly('30+ minutes')).toBeGreaterThan(weekly('15-20 minutes') * 1.5);
  });
});

describe('generatePlan: energy level', () => {
  const efforts = (energyLevel: string) =>
    activitiesOf(where((answers) => answers.energyLevel === energyLevel));

  it('never gives a high-effort activity to low energy, and mostly low effort', () => {
    const low = efforts('Low - I need gentle care');
    expect(low.some((activity) => activity.effort === 'high')).toBe(false);
    expect(shareOf(low, (activity) => activity.effort === 'low')).toBeGreaterThan(0.7);
  });

  it('keeps medium energy mostly at low and medium effort', () => {
    const medium = efforts('Medium - ready for some effort');
    expect(shareOf(medium, (activity) => activity.effort !== 'high')).toBeGreaterThan(0.85);
    expect(shareOf(medium, (activity) => activity.effort === 'medium')).toBeGreaterThan(
      shareOf(efforts('Low - I need gentle care'), (activity) => activity.effort === 'medium'),
    );
  });

  it('favours medium and high effort for high energy', () => {
    const high = efforts('High - bring on the challenge');
    expect(shareOf(high, (activity) => activity.effort !== 'low')).toBeGreaterThan(0.65);
    expect(shareOf(high, (activity) => activity.effort === 'high')).toBeGreaterThan(
      3 * shareOf(efforts('Medium - ready for some effort'), (activity) => activity.effort === 'high'),
    );
  });
});

describe('generatePlan: focus areas', () => {
  it.each(FOCUS_AREAS)('fills every week chosen for "%s" mostly with activities serving it', (area) => {
    const tag = FOCUS_TAG_OF[area];
    for (const { plan } of where(
      (answers) => answers.focusAreas.length === 1 && answers.focusAreas[0] === area,
    )) {
      expect(
        shareOf(plan.map(activityOf), (activity) => activity.focus.includes(tag)),
      ).toBeGreaterThanOrEqual(0.7);
    }
  });

  it('serves any of several chosen areas', () => {
    const areas: QuizAnswers['focusAreas'] = ['Social connections', 'Creative expression'];
    for (const seed of SEEDS) {
      const plan = generatePlan({ answers: { ...DEFAULT_QUIZ_ANSWERS, focusAreas: areas }, seed });
      const share = shareOf(plan.map(activityOf), (activity) =>
        activity.focus.some((tag) => tag === 'social' || tag === 'creative'),
      );
      expect(share).toBeGreaterThanOrEqual(0.7);
    }
  });

  it.each(FOCUS_AREAS)('plans far more "%s" activities when it is chosen than when it is not', (area) => {
    const tag = FOCUS_TAG_OF[area];
    const serves = (activity: CatalogueActivity) => activity.focus.includes(tag);
    const chosen = activitiesOf(
      where((answers) => answers.focusAreas.length === 1 && answers.focusAreas[0] === area),
    );
    const notChosen = activitiesOf(where((answers) => !answers.focusAreas.includes(area)));
    expect(shareOf(chosen, serves)).toBeGreaterThan(shareOf(notChosen, serves) + 0.3);
  });
});

describe('generatePlan: vibe', () => {
  it.each(VIBES)('plans more activities with the "%s" mood when it is the chosen vibe', (vibe) => {
    const tag = VIBE_TAG_OF[vibe];
    const has = (activity: CatalogueActivity) => activity.vibes.includes(tag);
    const chosen = shareOf(activitiesOf(where((answers) => answers.vibe === vibe)), has);
    const notChosen = shareOf(activitiesOf(where((answers) => answers.vibe !== vibe)), has);
    expect(chosen - notChosen).toBeGreaterThan(0.15);
  });
});

describe('generatePlan: time preference', () => {
  const weeks = (timePreference: string) => where((answers) => answers.timePreference === timePreference);
  const totals = (samples: Sample[], slot: Slot) =>
    samples.reduce((sum, { plan }) => sum + slotMinutes(plan, slot), 0);
  const counts = (samples: Sample[], slot: Slot) =>
    samples.reduce((sum, { plan }) => sum + plan.filter((entry) => entry.slot === slot).length, 0);

  it('gives a morning person more morning than evening, in nearly every week', () => {
    const samples = weeks('Morning person');
    const favoured = samples.filter(
      ({ plan }) => slotMinutes(plan, 'Morning') > slotMinutes(plan, 'Evening'),
    );
    expect(favoured.length / samples.length).toBeGreaterThan(0.95);
    expect(totals(samples, 'Morning')).toBeGreaterThan(2 * totals(samples, 'Evening'));
    expect(counts(samples, 'Morning')).toBeGreaterThan(1.5 * counts(samples, 'Evening'));
  });

  it('gives an evening person more evening than morning, in nearly every week', () => {
    const samples = weeks('Evening person');
    const favoured = samples.filter(
      ({ plan }) => slotMinutes(plan, 'Evening') > slotMinutes(plan, 'Morning'),
    );
    expect(favoured.length / samples.length).toBeGreaterThan(0.95);
    expect(totals(samples, 'Evening')).toBeGreaterThan(2 * totals(samples, 'Morning'));
    expect(counts(samples, 'Evening')).toBeGreaterThan(1.5 * counts(samples, 'Morning'));
  });

  it('balances morning and evening for someone who adapts', () => {
    const samples = weeks('I adapt to both');
    const ratio = totals(samples, 'Morning') / totals(samples, 'Evening');
    expect(ratio).toBeGreaterThan(0.8);
    expect(ratio).toBeLessThan(1.25);
    for (const slot of SLOTS) expect(counts(samples, slot)).toBeGreaterThan(0);
  });
});

describe('generatePlan: determinism', () => {
  it('gives the same plan for the same seed and answers', () => {
    for (const { answers, seed, plan } of SAMPLES.slice(0, 200)) {
      expect(generatePlan({ answers, seed })).toEqual(plan);
    }
  });

  it('gives different plans for different seeds', () => {
    const plans = Array.from({ length: 20 }, (_, i) =>
      JSON.stringify(generatePlan({ answers: DEFAULT_QUIZ_ANSWERS, seed: `user-${i}:2026-11-16` })),
    );
    expect(new Set(plans).size).toBe(plans.length);
  });

  it('changes the plan when any single answer changes', () => {
    const seed = 'user-a:2026-11-16';
    const base = JSON.stringify(generatePlan({ answers: DEFAULT_QUIZ_ANSWERS, seed }));
    const variants: Partial<QuizAnswers>[] = [
      { timeCommitment: '5-10 minutes' },
      { energyLevel: 'High - bring on the challenge' },
      { focusAreas: ['Social connections'] },
      { vibe: 'Fun & playful' },
      { timePreference: 'Evening person' },
    ];
    for (const change of variants) {
      expect(
        JSON.stringify(generatePlan({ answers: { ...DEFAULT_QUIZ_ANSWERS, ...change }, seed })),
        JSON.stringify(change),
      ).not.toBe(base);
    }
  });
});

describe('generatePlan: other catalogues', () => {
  const make = (
    id: string,
    timePeriod: CatalogueActivity['timePeriod'],
    duration: number,
  ): CatalogueActivity => ({
    id,
    name: id,
    category: 'Mental',
    duration,
    icon: '🌸',
    timePeriod,
    isCustom: false,
    effort: 'low',
    vibes: ['calm'],
    focus: ['mental'],
  });

  it('uses only the catalogue it is given and respects its time periods', () => {
    const catalogue = [
      make('dawn', 'Morning', 5),
      make('noon', 'Midday', 5),
      make('dusk', 'Evening', 5),
      make('any', 'Any', 5),
    ];
    const plan = generatePlan({
      answers: { ...DEFAULT_QUIZ_ANSWERS, timePreference: 'I adapt to both' },
      seed: 's',
      catalogue,
    });
    expect(plan.length).toBeGreaterThan(0);
    for (const entry of plan) {
      const { timePeriod } = catalogue.find(
        (activity) => activity.id === entry.activityId,
      ) as CatalogueActivity;
      expect(timePeriod === entry.slot || timePeriod === 'Any').toBe(true);
    }
    expect(planMinutesByDay(plan, catalogue).every((minutes) => minutes >= 15 && minutes <= 20)).toBe(true);
  });

  it('leaves days empty rather than break the budget', () => {
    const catalogue = [make('long-walk', 'Any', 30)];
    expect(
      generatePlan({
        answers: { ...DEFAULT_QUIZ_ANSWERS, timeCommitment: '5-10 minutes' },
        seed: 's',
        catalogue,
      }),
    ).toEqual([]);
    expect(generatePlan({ answers: DEFAULT_QUIZ_ANSWERS, seed: 's', catalogue: [] })).toEqual([]);
  });

  it('still plans when no activity serves the chosen focus', () => {
    const catalogue = [make('a', 'Any', 5), make('b', 'Any', 5), make('c', 'Any', 5), make('d', 'Any', 5)];
    const plan = generatePlan({
      answers: { ...DEFAULT_QUIZ_ANSWERS, focusAreas: ['Spiritual growth'] },
      seed: 's',
      catalogue,
    });
    expect(planMinutesByDay(plan, catalogue).every((minutes) => minutes >= 15)).toBe(true);
  });
});

describe('planMinutesByDay', () => {
  it('sums durations per day and refuses unknown activities', () => {
    const [first, second] = ACTIVITY_CATALOGUE as [CatalogueActivity, CatalogueActivity];
    const plan: PlanEntry[] = [
      { day: 0, slot: 'Morning', activityId: first.id },
      { day: 0, slot: 'Evening', activityId: second.id },
      { day: 6, slot: 'Midday', activityId: second.id },
    ];
    expect(planMinutesByDay(plan)).toEqual([
      first.duration + second.duration,
      0,
      0,
      0,
      0,
      0,
      second.duration,
    ]);
    expect(() => planMinutesByDay([{ day: 1, slot: 'Morning', activityId: 'nope' }])).toThrow(RangeError);
  });
});

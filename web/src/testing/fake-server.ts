import type { CreateCustomActivityBody, Profile, WeekPlanChange } from '@bloom/shared/api/schemas';
import type { SubscriptionSummary } from '@bloom/shared/billing/subscription';
import { findCatalogueActivity } from '@bloom/shared/catalogue/activities';
import { ERRORS } from '@bloom/shared/errors/catalogue';
import type { Locale } from '@bloom/shared/i18n/locales';
import type { PlanEntry } from '@bloom/shared/plan/generate-plan';
import {
  effectOfNewAnswers,
  type PlanArrangement,
  planSignature,
  replacePlan,
  sameAnswers,
  weekPlan,
} from '@bloom/shared/plan/week-plan';
import { activitiesOfDay, dayMarkAfterChange, editsFor, placeActivity } from '@bloom/shared/planner/rules';
import type { Activity, DayIndex, PlannedActivity, Tier, WeekView } from '@bloom/shared/planner/types';
import type { QuizAnswers } from '@bloom/shared/quiz/quiz';
import type { ReminderSettings } from '@bloom/shared/reminders/settings';
import { defaultReminderSettings } from '@bloom/shared/reminders/settings';
import { currentStreak } from '@bloom/shared/streak/streak';
import { addDays } from '@bloom/shared/week/week';
import type { BloomApi } from '../lib/api';
import { type ApiError, errorFromResponse } from '../lib/api/errors';
import { LIBRARY, nextPlannedId } from './fake-data';

export interface FakeApiOptions {
  tier?: Tier;
  /** Her subscription as Stripe reports it (what sync and GET /me answer). */
  subscription?: SubscriptionSummary | null;
  /** Days completed before this week (ISO dates): with the week's own, they make the streak. */
  completedBefore?: string[];
  /** Every call of these names fails with this error (until `setFailing` says otherwise). */
  failing?: Partial<Record<keyof BloomApi, ApiError>>;
  /** The answers her profile holds (none by default). */
  quizAnswers?: QuizAnswers | null;
  /** The language her profile holds: English by default, the one a test's browser reads Bloom in. */
  locale?: Locale | null;
  /** Whether Bloom planned the week (its activities as given are where Bloom put them); true by default. */
  seeded?: boolean;
}

/** The server's answer to a request it refuses, as the web client reads it. */
export const refusal = (status: number, code: keyof typeof ERRORS) =>
  errorFromResponse(status, { error: { code, message: ERRORS[code].message } });

/**
 * What the fake server holds for one person and her week on screen, and the server's rules over it: the shared
 * day-completion rule on every change, the streak, and what new quiz answers do to the week.
 */
export class FakeServer {
  readonly tier: Tier;
  readonly weekStart: string;
  readonly today: string;
  plan: PlannedActivity[];
  used: number;
  readonly completedDates: Set<string>;
  readonly restDates: Set<string>;
  readonly library = [...LIBRARY];
  createdToday = 0;
  readonly profile: Profile;
  reminders: { settings: ReminderSettings; saved: boolean };
  private seeded: boolean;
  private plannedSignature: string;
  private arrangement: PlanArrangement | null = null;

  constructor(
    private readonly initial: WeekView,
    options: FakeApiOptions,
  ) {
    this.tier = options.tier ?? 'free';
    this.weekStart = initial.weekStart;
    this.today = initial.today;
    this.plan = structuredClone(initial.days.flatMap((day) => day.activities));
    this.used = initial.edits.used;
    this.completedDates = new Set([
      ...(options.completedBefore ?? []),
      ...initial.completedDays.map((day) => this.dateOf(day)),
    ]);
    this.seeded = options.seeded ?? true;
    this.plannedSignature = planSignature(this.plan);
    this.profile = {
      id: 'user-1',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      avatarUrl: null,
      timeZone: 'Europe/London',
      locale: options.locale === undefined ? 'en' : options.locale,
      tier: this.tier,
      subscription: options.subscription ?? null,
      quizAnswers: options.quizAnswers ?? null,
    };
    this.restDates = new Set(initial.restDays.map((day) => this.dateOf(day)));
    this.reminders = {
      settings: defaultReminderSettings(this.profile.quizAnswers?.timePreference, this.profile.timeZone),
      saved: false,
    };
  }

  dateOf(day: DayIndex): string {
    return addDays(this.weekStart, day);
  }

  completedDays(): DayIndex[] {
    return this.initial.days.map((day) => day.day).filter((day) => this.completedDates.has(this.dateOf(day)));
  }

  restDays(): DayIndex[] {
    return this.initial.days.map((day) => day.day).filter((day) => this.restDates.has(this.dateOf(day)));
  }

  view(): WeekView {
    return {
      ...this.initial,
      days: this.initial.days.map((day) => ({ ...day, activities: activitiesOfDay(this.plan, day.day) })),
      completedDays: this.completedDays(),
      restDays: this.restDays(),
      edits: editsFor(this.used, this.tier),
      streak: this.streak(),
    };
  }

  progress() {
    return { completedDays: this.completedDays(), streak: this.streak() };
  }

  /**
   * As the server: a write applies the shared day-completion rule to each day it changes
   * (docs/rules.md#day-completion), and answers whether it marked one, with the marked days and the streak.
   */
  changeDays(days: DayIndex[], change: () => void) {
    const before = new Map(days.map((day) => [day, activitiesOfDay(this.plan, day)]));
    change();
    const marks = [...before].map(([day, activities]) => {
      const mark = dayMarkAfterChange({
        marked: this.completedDates.has(this.dateOf(day)),
        before: activities,
        after: activitiesOfDay(this.plan, day),
      });
      if (mark === 'mark') this.completedDates.add(this.dateOf(day));
      if (mark === 'unmark') this.completedDates.delete(this.dateOf(day));
      return mark;
    });
    return { dayCompleted: marks.includes('mark'), ...this.progress() };
  }

  replace(changed: PlannedActivity): void {
    this.plan = this.plan.map((entry) => (entry.id === changed.id ? changed : entry));
  }

  find(id: string): PlannedActivity {
    const found = this.plan.find((entry) => entry.id === id);
    if (!found) throw refusal(404, 'not_found');
    return found;
  }

  /** Her new answers on her profile, and what they do to this week's plan (replanned, offered, or nothing). */
  newAnswers(answers: QuizAnswers, given: PlanArrangement | undefined): WeekPlanChange | null {
    const changed = !sameAnswers(this.profile.quizAnswers, answers);
    this.profile.quizAnswers = answers;
    this.arrangement = given ?? null;
    if (!changed) return null;
    const effect = effectOfNewAnswers({
      seeded: this.seeded,
      activities: this.plan,
      editsUsed: this.used,
      markedDays: this.completedDays(),
      plannedSignature: this.plannedSignature,
    });
    if (effect === 'replan') this.replaceWith(weekPlan(answers, this.weekStart, this.arrangement));
    if (effect === 'none') return null;
    return { weekStart: this.weekStart, outcome: effect === 'replan' ? 'replanned' : 'offered' };
  }

  /** Replaces the week's plan with one made from her answers, as she arranged its preview. */
  replan(answers: QuizAnswers): void {
    this.replaceWith(weekPlan(answers, this.weekStart, this.arrangement));
  }

  private streak(): number {
    return currentStreak(this.completedDates, this.today, this.restDates);
  }

  /** As the server replaces a week's plan (replacePlan): the plan's activities are the catalogue's. */
  private replaceWith(fresh: readonly PlanEntry[]): void {
    const { remove, add } = replacePlan(this.plan, this.completedDays(), fresh);
    const added = add.flatMap((entry) => {
      const activity = findCatalogueActivity(entry.activityId);
      if (!activity) return [];
      return [{ ...placeActivity(nextPlannedId(), activity, entry), completed: false, completedAt: null }];
    });
    const changed = [...new Set([...remove, ...added].map((entry) => entry.day))];
    this.changeDays(changed, () => {
      this.plan = [...this.plan.filter((entry) => !remove.includes(entry)), ...added];
    });
    this.plannedSignature = planSignature(this.plan);
    this.seeded = true;
  }

  /** A custom activity as the server makes one: in her library, and planned on the day and slot she chose. */
  createCustom(body: CreateCustomActivityBody): { activity: Activity; entry: PlannedActivity } {
    const activity: Activity = {
      id: `custom-${this.library.length}`,
      name: body.name,
      category: body.category,
      duration: body.duration,
      icon: body.icon,
      timePeriod: 'Any',
      isCustom: true,
    };
    this.library.push(activity);
    const entry: PlannedActivity = {
      ...placeActivity(nextPlannedId(), activity, { day: body.day, slot: body.slot }),
      completed: false,
      completedAt: null,
    };
    return { activity, entry };
  }
}

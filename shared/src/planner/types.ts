/** The vocabulary of the planner, shared by the API and the web app. */

export const CATEGORIES = ['Mental', 'Physical', 'Social', 'Sensory'] as const;
export type Category = (typeof CATEGORIES)[number];

export const SLOTS = ['Morning', 'Midday', 'Evening'] as const;
export type Slot = (typeof SLOTS)[number];

export const TIME_PERIODS = ['Morning', 'Midday', 'Evening', 'Any'] as const;
export type TimePeriod = (typeof TIME_PERIODS)[number];

/** Day names by index: 0 is Monday, 6 is Sunday (a week starts on Monday). */
export const DAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type DayIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** Energy an activity asks for; plan generation matches it to the quiz's energy answer. */
export type Effort = 'low' | 'medium' | 'high';

/** Mood tags that plan generation matches to the quiz's vibe answer. */
export const VIBE_TAGS = ['calm', 'energizing', 'cozy', 'playful'] as const;
export type VibeTag = (typeof VIBE_TAGS)[number];

/** Quiz focus areas an activity serves; plan generation weights them. */
export const FOCUS_TAGS = ['mental', 'physical', 'social', 'creative', 'spiritual'] as const;
export type FocusTag = (typeof FOCUS_TAGS)[number];

/**
 * An activity a user can plan: from the catalogue (isCustom false) or one she made
 * (docs/rules.md#custom-activities).
 */
export interface Activity {
  id: string;
  name: string;
  category: Category;
  /** Minutes, a whole number of at least 1. */
  duration: number;
  /** One emoji. */
  icon: string;
  timePeriod: TimePeriod;
  isCustom: boolean;
}

/** A catalogue entry carries the tags plan generation needs. */
export interface CatalogueActivity extends Activity {
  isCustom: false;
  effort: Effort;
  vibes: readonly VibeTag[];
  focus: readonly FocusTag[];
}

/** One activity placed in a week: a day, a slot, and whether it is done. */
export interface PlannedActivity {
  id: string;
  activityId: string;
  day: DayIndex;
  slot: Slot;
  name: string;
  icon: string;
  duration: number;
  category: Category;
  isCustom: boolean;
  completed: boolean;
  /** ISO timestamp, or null when not done. */
  completedAt: string | null;
}

export interface Edits {
  used: number;
  /** null on Pro: no limit. */
  limit: number | null;
  /** null on Pro: no limit. */
  remaining: number | null;
}

export type Tier = 'free' | 'pro';

export const FREE_WEEKLY_EDIT_LIMIT = 10;
export const FREE_DAILY_CUSTOM_ACTIVITY_LIMIT = 3;
/** Cap per slot so that one transaction can always touch a whole day (DynamoDB allows 100 items). */
export const MAX_ACTIVITIES_PER_SLOT = 20;
/** The default plan puts at most this many activities in a slot. */
export const DEFAULT_PLAN_PER_SLOT = 2;

export interface WeekView {
  weekStart: string;
  days: Array<{ day: DayIndex; date: string; activities: PlannedActivity[] }>;
  /** Day indexes (0-6) marked complete. */
  completedDays: DayIndex[];
  /** Her rest day of the week, if she took one (docs/rules.md#rest-days): never in `completedDays`. */
  restDays: DayIndex[];
  edits: Edits;
  streak: number;
  /** Today in the user's time zone (ISO date), so the client never guesses. */
  today: string;
}

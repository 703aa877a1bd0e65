import type { SubscriptionSummary } from '../billing/subscription';
import { SLOTS } from '../planner/types';
import type { QuizAnswers } from '../quiz/quiz';

/**
 * Her data as one document: what GET /api/me/export answers and what "Download my data" saves
 * (docs/rules.md#her-data). Items keep the attributes they are stored with (only the keys that name her
 * partition are left out), so an attribute added later comes along without a change here.
 */
export interface BloomExport {
  format: 'bloom-export';
  version: 1;
  /** ISO timestamp of the export. */
  exportedAt: string;
  /** Her calendar date (in her time zone) at the export: the files' names carry it. */
  exportDate: string;
  account: { id: string; email: string; name: string; avatarUrl: string | null };
  /** The profile as stored: time zone, quiz answers, plan arrangement, tier, subscription fields. */
  profile: StoredAttributes | null;
  quizAnswers: QuizAnswers | null;
  subscription: {
    tier: 'free' | 'pro';
    stripeCustomerId: string | null;
    details: SubscriptionSummary | null;
  };
  /** Every week she has, oldest first, each with its planned activities and whether each was done. */
  weeks: ExportedWeek[];
  /** The day items (completed days, and any other mark a day carries), oldest first. */
  days: StoredAttributes[];
  customActivities: StoredAttributes[];
  /** The coach conversation Bloom keeps, oldest first. */
  coachHistory: StoredAttributes[];
  /** Items of a kind this export does not name yet: still hers, so still here. */
  other: Array<StoredAttributes & { key: string }>;
}

export type StoredAttributes = Record<string, unknown>;

export interface ExportedWeek extends StoredAttributes {
  weekStart: string;
  activities: ExportedActivity[];
}

export interface ExportedActivity extends StoredAttributes {
  id: string;
  /** The calendar date of the day it is planned on. */
  date: string;
  day: number;
  slot: string;
  name: string;
  category: string;
  duration: number;
  /** ISO timestamp; absent while not done. */
  completedAt?: string;
}

/** `bloom-export-2026-11-23.json` and `bloom-completed-activities-2026-11-23.csv`. */
export const exportFileName = (exportDate: string) => `bloom-export-${exportDate}.json`;
export const completedActivitiesFileName = (exportDate: string) =>
  `bloom-completed-activities-${exportDate}.csv`;

export const COMPLETED_ACTIVITIES_HEADER = ['date', 'slot', 'activity', 'category', 'minutes'] as const;

/** Every activity she completed, by date then slot (Morning, Midday, Evening) then name. */
export function completedActivities(data: Pick<BloomExport, 'weeks'>): ExportedActivity[] {
  const slotOrder = (slot: string) => SLOTS.indexOf(slot as (typeof SLOTS)[number]);
  return data.weeks
    .flatMap((week) => week.activities)
    .filter((activity) => typeof activity.completedAt === 'string')
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) || slotOrder(a.slot) - slotOrder(b.slot) || a.name.localeCompare(b.name),
    );
}

/**
 * The words of the completed activities' CSV in her language (docs/rules.md#her-data): the header row, and each
 * row's slot, activity and category as she reads them. Without them, the file is in English as stored.
 */
export interface CompletedActivitiesWords {
  header: readonly [string, string, string, string, string];
  slot(slot: string): string;
  activity(activity: ExportedActivity): string;
  category(category: string): string;
}

const STORED_WORDS: CompletedActivitiesWords = {
  header: COMPLETED_ACTIVITIES_HEADER,
  slot: (slot) => slot,
  activity: (activity) => activity.name,
  category: (category) => category,
};

/** The completed activities as CSV (RFC 4180: CRLF line ends, a header row), UTF-8 with a byte-order mark. */
export function completedActivitiesCsv(
  data: Pick<BloomExport, 'weeks'>,
  words: CompletedActivitiesWords = STORED_WORDS,
): string {
  const rows = completedActivities(data).map((activity) => [
    activity.date,
    words.slot(activity.slot),
    words.activity(activity),
    words.category(activity.category),
    activity.duration,
  ]);
  // The byte-order mark tells spreadsheet apps the file is UTF-8 (names with accents or emoji).
  return `\uFEFF${[words.header, ...rows].map(csvRow).join('\r\n')}\r\n`;
}

export function csvRow(cells: ReadonlyArray<string | number>): string {
  return cells.map(csvCell).join(',');
}

/** Characters that make a spreadsheet read a cell as a formula (CSV injection); tab and CR as OWASP lists. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell. Text that a spreadsheet would run as a formula gets a leading apostrophe, which shows it as
 * text; a cell with a quote, comma or line break is quoted, its quotes doubled. Numbers are written as numbers.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

import type { ReminderKind } from './settings';

/** A notification as the service worker shows it (web/public/sw.js). */
export interface ReminderNotification {
  title: string;
  body: string;
  /** Where a click takes her: the day view of that day. */
  url: string;
  /** One notification per day and kind: a repeated push replaces it rather than stacking. */
  tag: string;
}

export interface SlotActivity {
  name: string;
  duration: number;
}

const MAX_NAMED = 3;

/** The query parameter naming the day a link opens (web/src/app/open-day-link.ts). */
export const DAY_LINK_PARAM = 'day';
/** The day view of a date, as the web app opens it from a link. */
export const dayViewUrl = (date: string) => `/?${DAY_LINK_PARAM}=${date}`;

/**
 * A short, kind message (docs/rules.md#reminders): "Your Evening rituals are ready: Candle and breathe, 5 min".
 * At most three are named; the rest are counted.
 */
export function reminderNotification(
  kind: ReminderKind,
  date: string,
  activities: readonly SlotActivity[],
): ReminderNotification {
  const tag = `bloom-${date}-${kind}`;
  if (kind === 'CheckIn') {
    return {
      title: 'How was your day?',
      body: 'Nothing is ticked yet today. Even one small ritual counts, and resting counts too.',
      url: dayViewUrl(date),
      tag,
    };
  }
  const named = activities
    .slice(0, MAX_NAMED)
    .map((activity) => `${activity.name}, ${activity.duration} min`)
    .join(' · ');
  const more = activities.length - MAX_NAMED;
  return {
    title: `Your ${kind} rituals are ready`,
    body: `Your ${kind} rituals are ready: ${named}${more > 0 ? ` and ${more} more` : ''}`,
    url: dayViewUrl(date),
    tag,
  };
}

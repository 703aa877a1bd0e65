import { REMINDER_MESSAGES, type ReminderMessageId } from '../i18n/catalogues/reminders';
import type { Messages } from '../i18n/messages';
import { dayViewUrl } from './day-link';
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

/**
 * A short, kind message in her language (docs/rules.md#reminders, #languages): "Your Evening rituals are ready:
 * Candle and breathe, 5 min". At most three are named, in the words `activities` already has in her language;
 * the rest are counted.
 */
export function reminderNotification(
  kind: ReminderKind,
  date: string,
  activities: readonly SlotActivity[],
  messages: Messages<ReminderMessageId> = REMINDER_MESSAGES.english,
): ReminderNotification {
  const tag = `bloom-${date}-${kind}`;
  if (kind === 'CheckIn') {
    return {
      title: messages.format('reminder.checkInTitle'),
      body: messages.format('reminder.checkInBody'),
      url: dayViewUrl(date),
      tag,
    };
  }
  const named = activities
    .slice(0, MAX_NAMED)
    .map((activity) =>
      messages.format('reminder.activity', { name: activity.name, duration: activity.duration }),
    )
    .join(' · ');
  const title = messages.format('reminder.slotTitle', { slot: kind });
  return {
    title,
    body: messages.format('reminder.slotBody', {
      title,
      activities: named,
      more: Math.max(0, activities.length - MAX_NAMED),
    }),
    url: dayViewUrl(date),
    tag,
  };
}

import type { Slot } from '../planner/types';
import type { QuizAnswers } from '../quiz/quiz';

/** A wall-clock time of day in her own time zone. */
export interface SlotTime {
  hour: number;
  minute: number;
}

/**
 * When each slot's rituals start in her calendar, by her answer to "When do you feel most like yourself?"
 * (docs/rules.md#calendar-feed): a morning person starts early and winds down early, an evening person the
 * other way round. Local times in her time zone, so a daylight-saving change never moves them.
 */
export const SLOT_TIMES: Record<QuizAnswers['timePreference'], Record<Slot, SlotTime>> = {
  'Morning person': {
    Morning: { hour: 7, minute: 0 },
    Midday: { hour: 12, minute: 30 },
    Evening: { hour: 19, minute: 0 },
  },
  'Evening person': {
    Morning: { hour: 8, minute: 30 },
    Midday: { hour: 13, minute: 0 },
    Evening: { hour: 20, minute: 30 },
  },
  'I adapt to both': {
    Morning: { hour: 7, minute: 30 },
    Midday: { hour: 12, minute: 30 },
    Evening: { hour: 20, minute: 0 },
  },
};

/** Each calendar event reminds her this many minutes before it starts (a VALARM). */
export const CALENDAR_REMINDER_MINUTES = 10;

/** The feed holds this week and the next. */
export const CALENDAR_FEED_WEEKS = 2;

import en from '../compiled/reminders/en.json';
import { icuFormatter } from '../icu';
import { Catalogue } from '../messages';

/** A reminder's push texts. */
export type ReminderMessageId = keyof typeof en;

export const REMINDER_MESSAGES = new Catalogue<ReminderMessageId>(
  en,
  {
    de: () => import('../compiled/reminders/de.json'),
    fr: () => import('../compiled/reminders/fr.json'),
    es: () => import('../compiled/reminders/es.json'),
  },
  icuFormatter,
);

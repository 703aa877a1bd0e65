import en from '../compiled/calendar/en.json';
import { icuFormatter } from '../icu';
import { Catalogue } from '../messages';

/** The calendar feed's event texts. */
export type CalendarMessageId = keyof typeof en;

export const CALENDAR_MESSAGES = new Catalogue<CalendarMessageId>(
  en,
  {
    de: () => import('../compiled/calendar/de.json'),
    fr: () => import('../compiled/calendar/fr.json'),
    es: () => import('../compiled/calendar/es.json'),
  },
  icuFormatter,
);

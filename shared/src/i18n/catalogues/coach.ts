import en from '../compiled/coach/en.json';
import { Catalogue } from '../messages';

/** The coach's fixed words, text only. */
export type CoachMessageId = keyof typeof en;

export const COACH_MESSAGES = new Catalogue<CoachMessageId>(en, {
  de: () => import('../compiled/coach/de.json'),
  fr: () => import('../compiled/coach/fr.json'),
  es: () => import('../compiled/coach/es.json'),
});

import en from '../compiled/errors/en.json';
import { Catalogue } from '../messages';

export type ErrorMessageId = keyof typeof en;

export const ERROR_MESSAGES = new Catalogue<ErrorMessageId>(en, {
  de: () => import('../compiled/errors/de.json'),
  fr: () => import('../compiled/errors/fr.json'),
  es: () => import('../compiled/errors/es.json'),
});

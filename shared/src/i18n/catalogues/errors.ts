import en from '../compiled/errors/en.json';
import { Catalogue } from '../messages';

/** The error catalogue's messages: each error code's (`error.{code}`) and each field's (`field.{key}`), text only. */
export type ErrorMessageId = keyof typeof en;

export const ERROR_MESSAGES = new Catalogue<ErrorMessageId>(en, {
  de: () => import('../compiled/errors/de.json'),
  fr: () => import('../compiled/errors/fr.json'),
  es: () => import('../compiled/errors/es.json'),
});

import en from '../compiled/web/en.json';
import { Catalogue } from '../messages';

export type WebMessageId = keyof typeof en;

export const WEB_MESSAGES = new Catalogue<WebMessageId>(en, {
  de: () => import('../compiled/web/de.json'),
  fr: () => import('../compiled/web/fr.json'),
  es: () => import('../compiled/web/es.json'),
});

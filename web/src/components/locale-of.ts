import { DEFAULT_LOCALE, isLocale, type Locale } from '@bloom/shared/i18n/locales';
import type { IntlShape } from 'react-intl';

/**
 * The language the page is shown in, as shared's formatters and catalogues name it (`de-DE` is `de`): the
 * language of the messages on screen, which follows her choice once its messages have loaded.
 */
export function localeOf(intl: IntlShape): Locale {
  const language = intl.locale.slice(0, 2);
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

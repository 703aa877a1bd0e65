import { intlLocale } from '@bloom/shared/i18n/format';
import { DEFAULT_LOCALE, type Locale } from '@bloom/shared/i18n/locales';
import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { IntlProvider } from 'react-intl';
import { loadWebMessages, type WebMessages } from './load-messages';
import { currentLocale, subscribeLocale } from './locale-store';

export interface Translations {
  locale: Locale;
  messages: WebMessages;
}

/** The language the provider renders in: what the prerender rendered, and what hydration must render again. */
const RenderedLocale = createContext<Locale>(DEFAULT_LOCALE);

/**
 * Bloom's words in her language for everything inside (react-intl, docs/rules.md#languages), starting from the
 * language and messages the app was booted with. When she picks another language, its messages are loaded first
 * and the page switches once they are here, so it never shows a message missing; `<html lang>` follows.
 */
export function I18nProvider({ initial, children }: { initial: Translations; children: ReactNode }) {
  const [shown, setShown] = useState(initial);

  useEffect(() => {
    const show = (locale: Locale) => {
      void loadWebMessages(locale).then(
        (messages) => {
          // A quicker later choice wins over a slower earlier one.
          if (currentLocale() === locale) setShown({ locale, messages });
        },
        () => {
          // Its messages could not be fetched (offline): the page stays in the language it is in.
        },
      );
    };
    // Chosen between the first render and now (her profile's, as she signed in): shown as well.
    if (currentLocale() !== initial.locale) show(currentLocale());
    return subscribeLocale(show);
  }, [initial.locale]);

  useEffect(() => {
    document.documentElement.lang = shown.locale;
  }, [shown.locale]);

  return (
    <RenderedLocale.Provider value={shown.locale}>
      <IntlProvider locale={intlLocale(shown.locale)} messages={shown.messages} defaultLocale="en-US">
        {children}
      </IntlProvider>
    </RenderedLocale.Provider>
  );
}

/**
 * The language chosen on this device, as the language menu shows it. On the server (the landing prerendered in
 * each language) and while hydrating it, the provider's: the page as rendered for that language.
 */
export function useLocale(): Locale {
  const rendered = useContext(RenderedLocale);
  return useSyncExternalStore(subscribeLocale, currentLocale, () => rendered);
}

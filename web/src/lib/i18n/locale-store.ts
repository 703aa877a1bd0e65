import { DEFAULT_LOCALE, type Locale, localeFromTags } from '@bloom/shared/i18n/locales';
import { LOCALE_COOKIE } from '@bloom/shared/site/landing';
import { getSavedLocale, setSavedLocale } from '../storage';

/**
 * The language Bloom is shown in on this device (docs/rules.md#languages), held outside React so the API client
 * can send it (`Accept-Language`) and the signed-in app can save it on her profile. On the first visit it is
 * the first of the browser's languages Bloom speaks, else English; then the one she chose, kept on the device.
 */

/** Who changed it: she did, in the language menu, or her profile said so when she signed in. */
export type LocaleOrigin = 'menu' | 'profile';
type Listener = (locale: Locale, origin: LocaleOrigin) => void;

/** The first of the browser's preferred languages that Bloom speaks (`de-AT` is German), if any. */
export function browserLocale(
  languages: readonly string[] = typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language],
): Locale | undefined {
  return localeFromTags(languages);
}

export function initialLocale(): Locale {
  return getSavedLocale() ?? browserLocale() ?? DEFAULT_LOCALE;
}

let current: Locale | undefined;
const listeners = new Set<Listener>();

export function currentLocale(): Locale {
  current ??= initialLocale();
  return current;
}

/**
 * Her choice where the site can read it too, a year long: CloudFront (and the local cloud) then hand her the
 * landing prerendered in her language on her next visit (shared/src/site/landing.ts). Nothing else reads it.
 */
function rememberForTheSite(locale: Locale): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed name and a value from LOCALES, nothing to escape; the Cookie Store API is not in every browser Bloom supports (Firefox before 140, Safari before 18.4).
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** Shows Bloom in `locale` from now on, on this device, and tells whoever listens (the provider, her profile). */
export function setLocale(locale: Locale, origin: LocaleOrigin): void {
  setSavedLocale(locale);
  rememberForTheSite(locale);
  if (locale === currentLocale()) return;
  current = locale;
  for (const listener of listeners) listener(locale, origin);
}

export function subscribeLocale(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

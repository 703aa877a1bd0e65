/**
 * The languages Bloom speaks (docs/rules.md#languages), English first: English is the source every other
 * language is translated from, and what Bloom falls back to when she has not chosen and her browser asks for
 * none of these.
 */
export const LOCALES = ['en', 'de', 'fr', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE = 'en' satisfies Locale;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Each language by its own name, as the language menu lists it: a person looks for her language in itself. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
};

/**
 * The first of her preferred languages (BCP 47 tags, most wanted first: `navigator.languages`, or an
 * `Accept-Language` header in order of its weights) that Bloom speaks, or undefined. Bloom has one variant of
 * each language, so this is RFC 4647's lookup cut down to the primary subtag: `de-AT` is German, `es-419`
 * Spanish, `en-GB` English.
 */
export function localeFromTags(tags: readonly string[]): Locale | undefined {
  for (const tag of tags) {
    const language = tag.trim().split(/[-_]/)[0]?.toLowerCase();
    if (isLocale(language)) return language;
  }
  return undefined;
}

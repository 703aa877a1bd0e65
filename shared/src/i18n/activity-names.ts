import { DEFAULT_LOCALE, type Locale } from './locales';

/**
 * The catalogue's activities by name in her language (docs/rules.md#languages). The catalogue keeps one id per
 * activity and its English name (shared/src/catalogue/activities.ts); each other language is a file of names by
 * id (shared/src/i18n/activities/{locale}.json), loaded on first use. A custom activity is named in her own words,
 * in every language.
 */
export interface ActivityNames {
  readonly locale: Locale;
  /** The name of catalogue activity `activityId` in her language; `name` (as stored) for anything else. */
  of(activityId: string, name: string): string;
}

type Names = Readonly<Record<string, string>>;

const TRANSLATIONS: Readonly<
  Record<Exclude<Locale, typeof DEFAULT_LOCALE>, () => Promise<{ default: unknown }>>
> = {
  de: () => import('./activities/de.json'),
  fr: () => import('./activities/fr.json'),
  es: () => import('./activities/es.json'),
};

const ENGLISH: ActivityNames = { locale: DEFAULT_LOCALE, of: (_activityId, name) => name };

const loaded = new Map<Locale, Promise<ActivityNames>>();

export function loadActivityNames(locale: Locale): Promise<ActivityNames> {
  if (locale === DEFAULT_LOCALE) return Promise.resolve(ENGLISH);
  let names = loaded.get(locale);
  if (!names) {
    names = TRANSLATIONS[locale]().then((module) => {
      const byId = module.default as Names;
      return {
        locale,
        of: (activityId, name) => (Object.hasOwn(byId, activityId) ? byId[activityId] : name) ?? name,
      };
    });
    names.catch(() => loaded.delete(locale));
    loaded.set(locale, names);
  }
  return names;
}

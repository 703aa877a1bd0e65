import { type ActivityNames, loadActivityNames } from '@bloom/shared/i18n/activity-names';

export type { ActivityNames };

import { formatDate, formatDayName, intlLocale } from '@bloom/shared/i18n/format';
import { DEFAULT_LOCALE, type Locale } from '@bloom/shared/i18n/locales';
import type { Category, DayIndex, Slot } from '@bloom/shared/planner/types';
import { weekLabel } from '@bloom/shared/week/week';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { categoryMessageId } from '../../components/category-badge';
import { localeOf } from '../../components/locale-of';
import { slotMessageId } from '../../components/slot-name';
import { catalogueId } from '../../lib/api/her-words';

export { localeOf };

/**
 * How the planner speaks her language (docs/rules.md#languages): her locale as react-intl shows it, the
 * activities' names from shared's catalogue, the names of slots, categories and days, and the English words of
 * shared's catalogues (a client failure, a field's rule) said in her language.
 */

export function useHerLocale(): Locale {
  return localeOf(useIntl());
}

const namesLoaded = new Map<Locale, ActivityNames>();
const ENGLISH_NAMES: ActivityNames = { locale: DEFAULT_LOCALE, of: (_id, name) => name };

/**
 * Fetches her activities' names before the planner first renders (main.tsx, when her week is asked for early):
 * the week, which may arrive before the planner has rendered, is then shown with them, not in English first.
 */
export function preloadActivityNames(locale: Locale): void {
  if (namesLoaded.has(locale)) return;
  loadActivityNames(locale).then(
    (names) => namesLoaded.set(locale, names),
    () => {
      // Offline: the planner asks again when it renders.
    },
  );
}

/** The catalogue's activity names in her language (English, as stored, until hers arrive). */
export function useActivityNames(): ActivityNames {
  const locale = useHerLocale();
  const [names, setNames] = useState<ActivityNames>(() => namesLoaded.get(locale) ?? ENGLISH_NAMES);
  useEffect(() => {
    let current = true;
    const known = namesLoaded.get(locale);
    if (known) {
      setNames(known);
      return;
    }
    void loadActivityNames(locale).then(
      (loaded) => {
        namesLoaded.set(locale, loaded);
        if (current) setNames(loaded);
      },
      () => {
        // Her names could not be fetched (offline): the activities keep their English names.
      },
    );
    return () => {
      current = false;
    };
  }, [locale]);
  return names.locale === locale ? names : (namesLoaded.get(locale) ?? ENGLISH_NAMES);
}

/** Anything with a catalogue id and a name, named in her language (a custom activity keeps her words). */
export function named<T extends { name: string }>(names: ActivityNames, item: T, activityId: string): T {
  const name = names.of(activityId, item.name);
  return name === item.name ? item : { ...item, name };
}

/** Slot, category (the components' catalogue, as every screen names them) and day names, dates and minutes, in her language. */
export function useWords() {
  const intl = useIntl();
  return useMemo(() => wordsOf(intl), [intl]);
}

export type Words = ReturnType<typeof wordsOf>;

export function wordsOf(intl: IntlShape) {
  const locale = localeOf(intl);
  return {
    locale,
    slot: (slot: Slot) => intl.formatMessage({ id: slotMessageId(slot) }),
    category: (category: Category) => intl.formatMessage({ id: categoryMessageId(category) }),
    day: (day: DayIndex, width: 'long' | 'short' = 'long') => formatDayName(day, locale, width),
    /** "Nov 23", "23. Nov.", "23 nov." */
    shortDate: (isoDate: string) => formatDate(isoDate, locale, 'short'),
    minutes: (minutes: number) => intl.formatMessage({ id: 'planner.minutes' }, { minutes }),
    week: (weekStart: string) => weekLabelIn(weekStart, locale),
  };
}

/** The week's dates: "Nov 23 – 29, 2026" in English (the spec's words), Intl's range in the others. */
export function weekLabelIn(weekStart: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return weekLabel(weekStart);
  const start = new Date(`${weekStart}T00:00:00Z`);
  const end = new Date(start.getTime() + 6 * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat(intlLocale(locale), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(start, end);
}

/** The message naming an icon of the custom activity picker: "Open book" is `planner.icon.openBook`. */
export function iconMessageId(name: string): string {
  const [first = '', ...rest] = name.split(' ');
  return `planner.icon.${first.toLowerCase()}${rest.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('')}`;
}

/**
 * A message of shared's catalogues in her language: the web makes some failures' words itself (in English, from
 * shared's error and client catalogues) and checks a form's fields with shared's rules (English too); what the
 * server said is in her language already and stays as it is.
 */
export function sayIn(intl: IntlShape, text: string): string {
  const id = catalogueId(text);
  return id && intl.messages[id] ? intl.formatMessage({ id }) : text;
}

export function useSay(): (text: string) => string {
  const intl = useIntl();
  return useCallback((text: string) => sayIn(intl, text), [intl]);
}

import type { DayIndex } from '../planner/types';
import type { Locale } from './locales';

/**
 * Dates, times, numbers and prices in her language, through Intl (docs/rules.md#languages): "€6.99" in English,
 * "6,99 €" in German, French and Spanish. English is American English, as Bloom's English screens always wrote
 * dates ("Nov 23") and prices; each other language is its own country's (de-DE, fr-FR, es-ES), Bloom having one
 * variant of each.
 *
 * Every formatter is made on first use and kept: making one loads ICU's data for its locale (about 15 ms the
 * first time, docs/performance.md), so nothing here runs as a module loads.
 */
const INTL_LOCALES: Readonly<Record<Locale, string>> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', es: 'es-ES' };

export const intlLocale = (locale: Locale) => INTL_LOCALES[locale];

const made = new Map<string, unknown>();

function kept<T>(key: string, make: () => T): T {
  let formatter = made.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    made.set(key, formatter);
  }
  return formatter;
}

const numberFormat = (locale: Locale, options: Intl.NumberFormatOptions = {}) =>
  kept(
    `number ${locale} ${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(INTL_LOCALES[locale], options),
  );

const dateFormat = (locale: Locale, options: Intl.DateTimeFormatOptions) =>
  kept(
    `date ${locale} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(INTL_LOCALES[locale], options),
  );

/** A price: 6.99 EUR is "€6.99" in English, "6,99 €" in German, French and Spanish. */
export function formatMoney(amount: number, currency: string, locale: Locale): string {
  return numberFormat(locale, { style: 'currency', currency }).format(amount);
}

/** A count: 1000 is "1,000", "1.000", "1 000" (a narrow space) or "1000" (Spanish groups from 10,000). */
export function formatNumber(value: number, locale: Locale): string {
  return numberFormat(locale).format(value);
}

/** A duration in minutes as each language shortens it: "5 min", "5 Min.". */
export function formatMinutes(minutes: number, locale: Locale): string {
  return numberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(minutes);
}

/** A percentage of a whole: 0.4 is "40%", "40 %" (German, French and Spanish set it apart). */
export function formatPercent(fraction: number, locale: Locale): string {
  return numberFormat(locale, { style: 'percent' }).format(fraction);
}

const utcDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/**
 * A calendar date (YYYY-MM-DD): `short` is "Nov 23", "23. Nov.", "23 nov."; `long` "November 23, 2026",
 * "23. November 2026"; `weekday` "Monday, November 23". Dates are calendar dates, so they are formatted in UTC.
 */
export function formatDate(isoDate: string, locale: Locale, style: 'short' | 'long' | 'weekday'): string {
  const options: Record<typeof style, Intl.DateTimeFormatOptions> = {
    short: { month: 'short', day: 'numeric' },
    long: { dateStyle: 'long' },
    weekday: { weekday: 'long', month: 'long', day: 'numeric' },
  };
  return dateFormat(locale, { ...options[style], timeZone: 'UTC' }).format(utcDate(isoDate));
}

/** An instant as a date and time in her time zone: "November 23, 2026 at 7:30 PM", "23. November 2026 um 19:30". */
export function formatDateTime(instant: Date, timeZone: string, locale: Locale): string {
  return dateFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(instant);
}

/** A wall-clock time of day, as each language writes it short: "7:05 AM", "07:05" (German, French), "7:05". */
export function formatTime(hour: number, minute: number, locale: Locale): string {
  return dateFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1, hour, minute)),
  );
}

/** A day of the week by its index (0 is Monday): "Monday", "Montag", "lundi", "lunes". */
export function formatDayName(day: DayIndex, locale: Locale, width: 'long' | 'short' = 'long'): string {
  // 1 January 2024 was a Monday.
  return dateFormat(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + day)));
}

/** Items joined as her language joins a list: "a, b, and c", "a, b und c", "a, b et c", "a, b y c". */
export function formatList(items: readonly string[], locale: Locale): string {
  return kept(
    `list ${locale}`,
    () => new Intl.ListFormat(INTL_LOCALES[locale], { type: 'conjunction' }),
  ).format(items);
}

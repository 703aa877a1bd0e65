import { DEFAULT_LOCALE, LOCALES, type Locale } from '@bloom/shared/i18n/locales';

/**
 * The language an answer to this request is written in (docs/rules.md#languages): the request's
 * `Accept-Language`, which the web sets to the language she is reading Bloom in, weighed by its q-values
 * (`de-AT` is German, `fr;q=0` refuses French). English when it names none of Bloom's languages, or is absent.
 * negotiator is loaded by the first request that asks for a language, not as the function starts.
 */
export async function requestLocale(
  headers: Readonly<Record<string, string | undefined>> | undefined,
): Promise<Locale> {
  const header = headers?.['accept-language'];
  if (!header) return DEFAULT_LOCALE;
  const { default: Negotiator } = await import('negotiator');
  const [preferred] = new Negotiator({ headers: { 'accept-language': header } }).languages([...LOCALES]);
  return (preferred as Locale | undefined) ?? DEFAULT_LOCALE;
}

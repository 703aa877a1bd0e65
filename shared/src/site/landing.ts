// With its extension: web/vite.config.ts imports this file, and Vite's config loader wants extensions.
import { DEFAULT_LOCALE, isLocale, type Locale, localeFromTags } from '../i18n/locales.ts';

/**
 * The landing page is prerendered once per language (web/src/prerender.tsx), and the host hands each visitor
 * hers, so a first visit paints in her words with no script (docs/decisions/0009-landing-per-language.md):
 * the language she chose (the web keeps it in this cookie too, which the host can read), else the first of her
 * browser's (`Accept-Language`) that Bloom speaks, else English. CloudFront does it in its viewer-request
 * function (infra/lib/site-routing.ts), the local cloud in its `dist` mode (scripts/local-cloud/web).
 */
export const LOCALE_COOKIE = 'bloom-locale';

/** The file of each language's prerendered shell: English's is index.html itself. */
export function landingFile(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? 'index.html' : `index.${locale}.html`;
}

/** `Accept-Language`'s tags, most wanted first (by weight, then order); those weighted 0 are refused. */
export function acceptedTags(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const weight = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const q = weight === undefined ? 1 : Number(weight.slice(2));
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((range) => range.tag !== '' && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((range) => range.tag);
}

/** The value of cookie `name` in a `Cookie` header, if any. */
function cookieValue(header: string, name: string): string | undefined {
  for (const pair of header.split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The language of the landing to hand out for a request's `Cookie` and `Accept-Language` headers. */
export function landingLocale(headers: { cookie?: string; acceptLanguage?: string }): Locale {
  const chosen = cookieValue(headers.cookie ?? '', LOCALE_COOKIE);
  if (isLocale(chosen)) return chosen;
  return localeFromTags(acceptedTags(headers.acceptLanguage ?? '')) ?? DEFAULT_LOCALE;
}

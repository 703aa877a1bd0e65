import type { Locale } from '@bloom/shared/i18n/locales';

/** Each of Bloom's languages as the prompt names it, and how Bloom addresses her in it (as the app does). */
const LANGUAGES: Readonly<Record<Locale, { name: string; address: string }>> = {
  en: { name: 'English', address: '' },
  de: { name: 'German', address: ', addressing her with the informal "du" as the app does' },
  fr: { name: 'French', address: ', addressing her with the informal "tu" as the app does' },
  es: { name: 'Spanish', address: ', addressing her with the informal "tú" as the app does' },
};

/**
 * Which language to answer in: the one she reads Bloom in (her profile's, docs/rules.md#languages), unless she
 * writes in another. Her plan's and the tools' activity names are already given in it.
 */
export function languageInstruction(locale: Locale): string {
  const { name, address } = LANGUAGES[locale];
  return `Her language: she uses Bloom in ${name}. Answer in ${name}${address}, unless she writes to you in another language; then answer in hers. The activity names in her plan and from your tools are in ${name}: use them as they are.`;
}

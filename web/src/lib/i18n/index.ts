export { I18nProvider, type Translations, useLocale } from './i18n-provider';
export { loadWebMessages, type WebMessages } from './load-messages';
export {
  browserLocale,
  currentLocale,
  initialLocale,
  type LocaleOrigin,
  setLocale,
  subscribeLocale,
} from './locale-store';

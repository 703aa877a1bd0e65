import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import type { IcuFormatter } from './messages';

/**
 * Messages with arguments (plurals, selects, numbers) formatted by intl-messageformat, for the catalogues that
 * have them. The first such message in a language loads ICU's locale data (about 15 ms), when it is formatted.
 */
export const icuFormatter: IcuFormatter = (ast, locale) => {
  const format = new IntlMessageFormat(ast as MessageFormatElement[], locale);
  return (values) => String(format.format(values));
};

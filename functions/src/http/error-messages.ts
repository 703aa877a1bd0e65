import { ERROR_MESSAGES, type ErrorMessageId } from '@bloom/shared/i18n/catalogues/errors';
import type { Messages } from '@bloom/shared/i18n/messages';
import { log } from '../observability/log';
import { requestLocale } from './request-locale';

/**
 * The error catalogue in the language the request asks for (`Accept-Language`, docs/rules.md#languages), loaded
 * when a request first fails in it. A catalogue that cannot be loaded is no reason to fail twice: the answer is
 * then English.
 */
export async function errorMessagesFor(
  headers: Readonly<Record<string, string | undefined>> | undefined,
): Promise<Messages<ErrorMessageId>> {
  try {
    return await ERROR_MESSAGES.load(await requestLocale(headers));
  } catch (error) {
    log.error('The error catalogue could not be loaded; answering in English', { error });
    return ERROR_MESSAGES.english;
  }
}

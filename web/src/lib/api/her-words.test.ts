import { CLIENT_MESSAGES, FIELD_MESSAGES } from '@bloom/shared/errors/catalogue';
import { afterEach, expect, it, vi } from 'vitest';
import { setLocale } from '../i18n';
import { ApiError, messageOf, networkError } from './errors';
import { inHerLanguage } from './her-words';

/** What the API client says itself, in her language (docs/rules.md#languages). */

afterEach(() => setLocale('en', 'menu'));

it('says the client and error catalogues’ messages in her language, and the API’s words as they came', async () => {
  expect(messageOf(networkError())).toBe(CLIENT_MESSAGES.network);
  setLocale('de', 'menu');
  await vi.waitFor(() =>
    expect(messageOf(networkError())).toBe(
      'Netzwerkfehler. Bitte prüf deine Verbindung und versuch es noch einmal.',
    ),
  );
  expect(messageOf(new Error('boom'))).toBe(
    'Ein unerwarteter Fehler ist aufgetreten. Bitte versuch es noch einmal.',
  );
  expect(messageOf(undefined, CLIENT_MESSAGES.addActivity)).toBe(
    'Die Aktivität konnte nicht hinzugefügt werden',
  );
  expect(inHerLanguage(FIELD_MESSAGES.duration)).not.toBe(FIELD_MESSAGES.duration);
  const spoken = new ApiError('Du hast heute schon viel geschrieben.', {
    status: 429,
    code: 'coach_daily_limit_reached',
  });
  expect(messageOf(spoken)).toBe('Du hast heute schon viel geschrieben.');

  setLocale('en', 'menu');
  await vi.waitFor(() => expect(messageOf(networkError())).toBe(CLIENT_MESSAGES.network));
});

import { LOCALES } from '@bloom/shared/i18n/locales';
import { expect, it } from 'vitest';
import { englishMessages } from '../../testing/english-messages';
import { loadWebMessages } from './load-messages';

/** The web's messages in each language (docs/rules.md#languages). */

it('loads the same messages in every language, each in its own words', async () => {
  const english = await loadWebMessages('en');
  for (const locale of LOCALES) {
    const messages = await loadWebMessages(locale);
    expect(Object.keys(messages).sort(), locale).toEqual(Object.keys(english).sort());
  }
  expect((await loadWebMessages('de'))['components.languageMenu.label']).toEqual([
    { type: 0, value: 'Sprache' },
  ]);
  expect(english['error.too_many_requests']).toBeDefined();
  expect(english['client.network']).toBeDefined();
  expect(english['coach.disclosure']).toBeDefined();
});

it('renders component tests with exactly the English the app loads', async () => {
  expect(englishMessages).toEqual(await loadWebMessages('en'));
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { I18nProvider, loadWebMessages, setLocale } from '../lib/i18n';
import { getSavedLocale } from '../lib/storage';
import { LanguageMenu } from './language-menu';

/** The language menu (docs/rules.md#languages): visible, each language by its own name, and it remembers. */

afterEach(() => setLocale('en', 'menu'));

it('lists each language by its own name, shows the page in the chosen one and remembers it', async () => {
  render(
    <I18nProvider initial={{ locale: 'en', messages: await loadWebMessages('en') }}>
      <LanguageMenu />
    </I18nProvider>,
  );
  const menu = screen.getByRole('combobox', { name: 'Language' });
  expect(
    screen.getAllByRole('option').map((option) => [option.textContent, option.getAttribute('lang')]),
  ).toEqual([
    ['English', 'en'],
    ['Deutsch', 'de'],
    ['Français', 'fr'],
    ['Español', 'es'],
  ]);

  await userEvent.setup().selectOptions(menu, 'Deutsch');
  // Its messages load first, then the page speaks German.
  expect(await screen.findByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  await waitFor(() => expect(document.documentElement.lang).toBe('de'));
  expect(getSavedLocale()).toBe('de');
});

import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ApiProvider, createQueryClient } from '../../lib/api';
import { I18nProvider, loadWebMessages, setLocale } from '../../lib/i18n';
import { createFakeApi, makeWeek } from '../../testing/fake-api';
import { ENGLISH } from '../../testing/test-utils';
import RemindersPanel from './reminders-panel';

/** The reminder settings (docs/rules.md#reminders) in her language. */

afterEach(() => setLocale('en', 'menu'));

async function renderPanel(german: boolean) {
  if (german) setLocale('de', 'menu');
  const { api } = createFakeApi(makeWeek([]));
  render(
    <I18nProvider initial={german ? { locale: 'de', messages: await loadWebMessages('de') } : ENGLISH}>
      <QueryClientProvider client={createQueryClient()}>
        <ApiProvider api={api}>
          <RemindersPanel />
        </ApiProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

it('names each reminder, its time and the save button in English as the spec writes them', async () => {
  await renderPanel(false);
  expect(await screen.findByRole('group', { name: 'Evening check-in reminder' })).toBeInTheDocument();
  expect(screen.getByLabelText('Morning reminder time')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save reminders' })).toBeDisabled();
});

it('speaks German when she reads Bloom in German', async () => {
  await renderPanel(true);
  expect(await screen.findByRole('group', { name: 'Erinnerung: Abendlicher Check-in' })).toBeInTheDocument();
  expect(screen.getByLabelText('Uhrzeit der Erinnerung: Morgen')).toBeInTheDocument();
  expect(screen.getByText('Wenn deine Mittagsrituale beginnen')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Erinnerungen speichern' })).toBeDisabled();
});

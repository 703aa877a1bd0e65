import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { I18nProvider, loadWebMessages, setLocale } from '../../lib/i18n';
import CalendarDialog from './calendar-dialog';

/** "Add to calendar" (docs/rules.md#calendar-feed) in her language. */

afterEach(() => setLocale('en', 'menu'));

it('makes her private link and says how to add it, in German when she reads Bloom in German', async () => {
  setLocale('de', 'menu');
  render(
    <I18nProvider initial={{ locale: 'de', messages: await loadWebMessages('de') }}>
      <CalendarDialog
        open
        onClose={() => {}}
        createLink={async () => ({ path: '/api/calendar/abc.ics' })}
        origin="https://bloom.test"
      />
    </I18nProvider>,
  );
  expect(screen.getByRole('dialog', { name: 'Zum Kalender hinzufügen' })).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Meinen Kalender-Link erstellen' }));
  expect(await screen.findByLabelText('Dein privater Kalender-Link')).toHaveValue(
    'https://bloom.test/api/calendar/abc.ics',
  );
  expect(screen.getByRole('link', { name: 'als webcal://-Abo öffnen' })).toHaveAttribute(
    'href',
    'webcal://bloom.test/api/calendar/abc.ics',
  );
  expect(screen.getByText('Per URL')).toBeInTheDocument();
});

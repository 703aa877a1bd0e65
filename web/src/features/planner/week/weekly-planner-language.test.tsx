import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadWebMessages, setLocale } from '../../../lib/i18n';
import { createFakeApi, makeWeek, planned } from '../../../testing/fake-api';
import { renderPlanner } from '../testing/render';
import { WeeklyPlanner } from './weekly-planner';

const noop = () => {};

/** The planner in her language (docs/rules.md#languages): its words, Intl's dates, the catalogue's names. */
describe('WeeklyPlanner in German', () => {
  afterEach(() => setLocale('en', 'menu'));

  it('says the week, its days, slots and activities in German', async () => {
    setLocale('de', 'menu');
    const week = makeWeek(
      [
        // A catalogue activity (named in German by shared/src/i18n/activities) and one of her own.
        { ...planned('gratitude', 0, 'Morning', true), activityId: 'gratitude-journal' },
        { ...planned('stretch', 2, 'Evening'), isCustom: true, name: 'Mein eigenes Ritual' },
      ],
      { completedDays: [1] },
    );
    const { api } = createFakeApi(week, { locale: 'de' });
    renderPlanner(<WeeklyPlanner mobile={false} onOpenDay={noop} onStartOver={noop} />, {
      api,
      translations: { locale: 'de', messages: await loadWebMessages('de') },
    });

    expect(screen.getByText('Deine Aktivitäten werden geladen...')).toBeInTheDocument();
    const monday = (await screen.findByRole('heading', { name: 'Montag' })).closest('article');
    if (!monday) throw new Error('no Monday card');
    expect(screen.getByRole('heading', { name: 'Mittwoch (Heute)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '16.–22. Nov. 2026' })).toBeInTheDocument();
    expect(within(monday).getByText('16. Nov.')).toBeInTheDocument();
    expect(within(monday).getByRole('heading', { name: 'Morgen' })).toBeInTheDocument();
    expect(await within(monday).findByText('Dankbarkeitstagebuch')).toBeInTheDocument();
    expect(within(monday).getByText('1/1 erledigt')).toBeInTheDocument();
    expect(screen.getByText('Mein eigenes Ritual')).toBeInTheDocument();
    expect(screen.getByText(/Noch 10 Änderungen/)).toBeInTheDocument();
    expect(screen.getByText('Pro-Funktionen freischalten')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Tag ansehen & bearbeiten' })).toHaveLength(7);

    const glance = screen.getByRole('region', { name: 'Deine Woche im Überblick' });
    expect(within(glance).getByText('im Schnitt 0,3 pro Tag')).toBeInTheDocument();
    expect(within(glance).getByText('Geist')).toBeInTheDocument();
  });
});

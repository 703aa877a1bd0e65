import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { loadWebMessages, setLocale, type Translations } from '../../../lib/i18n';
import { createFakeApi, makeWeek, planned } from '../../../testing/fake-api';
import { componentsDrawnDuring, drawnOf } from '../../../testing/react-commits';
import { ENGLISH } from '../../../testing/test-utils';
import { renderPlanner } from '../testing/render';
import { WeeklyPlanner } from './weekly-planner';

const noop = () => {};

const dayOf = (props: Record<string, unknown>) => (props.day as { day: number }).day;
const slotOf = (props: Record<string, unknown>) => `${props.day} ${props.slot}`;
const activityOf = (props: Record<string, unknown>) => (props.activity as { id: string }).id;

/**
 * A tick is her most frequent action, and the phone must paint it at once (docs/performance.md): it draws again
 * the activity, its slot and its day, and leaves the other days, the view around them (its top bar, the
 * drag-and-drop board, Week at a Glance's figures) as they are, from the tap until the server has it.
 */
describe('ticking an activity in the weekly view', () => {
  afterEach(() => setLocale('en', 'menu'));

  const languages: Array<[string, () => Promise<Translations>, { name: string; count: string }]> = [
    ['English', async () => ENGLISH, { name: 'Gratitude journal', count: '1/3 actions' }],
    [
      'German',
      async () => ({ locale: 'de', messages: await loadWebMessages('de') }),
      { name: 'Dankbarkeitstagebuch', count: '1/3 erledigt' },
    ],
  ];

  it.each(languages)('draws again only that activity, its slot and its day (%s)', async (_, words, shown) => {
    const translations = await words();
    setLocale(translations.locale, 'menu');
    const gratitude = { ...planned('gratitude', 2, 'Morning'), activityId: 'gratitude-journal' };
    const week = makeWeek([
      planned('stretch', 0, 'Morning', true),
      planned('candle', 1, 'Evening'),
      gratitude,
      planned('stretch', 2, 'Morning'),
      planned('call-friend', 2, 'Evening'),
      planned('candle', 4, 'Midday'),
    ]);
    const fake = createFakeApi(week, { locale: translations.locale });
    renderPlanner(<WeeklyPlanner mobile={false} onOpenDay={noop} onStartOver={noop} />, {
      api: fake.api,
      translations,
    });
    const box = await screen.findByRole('checkbox', { name: new RegExp(shown.name) });
    const wednesday = box.closest('article') as HTMLElement;
    const user = userEvent.setup();

    const components = await componentsDrawnDuring(async () => {
      await user.click(box);
      await waitFor(() => expect(box).toBeChecked());
      expect(within(wednesday).getByText(shown.count)).toBeInTheDocument();
      await waitFor(() => expect(fake.current().days[2]?.activities[0]?.completed).toBe(true));
    });

    expect(drawnOf(components, 'DayCard', dayOf)).toEqual([2]);
    expect(drawnOf(components, 'DayCardSlot', slotOf)).toEqual(['2 Morning']);
    expect(drawnOf(components, 'DayCardActivity', activityOf)).toEqual([gratitude.id]);
    // Its neighbour in the slot too is left as it is (dnd-kit draws a slot's activities again for a new list).
    expect(drawnOf(components, 'SortableActivity', activityOf)).toEqual([gratitude.id]);
    const names = components.map((component) => component.name);
    for (const around of ['WeeklyView', 'TopBar', 'PlanBoard', 'GlanceFigures'])
      expect(names).not.toContain(around);
  });

  it('shows the tick before it asks the server: the request waits for the task after the tap', async () => {
    const fake = createFakeApi(makeWeek([planned('stretch', 2, 'Morning')]));
    let tapTaskOver = false;
    const sentAfterTheTap: boolean[] = [];
    const api = {
      ...fake.api,
      updatePlannedActivity: (...args: Parameters<typeof fake.api.updatePlannedActivity>) => {
        sentAfterTheTap.push(tapTaskOver);
        return fake.api.updatePlannedActivity(...args);
      },
    };
    renderPlanner(<WeeklyPlanner mobile={false} onOpenDay={noop} onStartOver={noop} />, { api });
    const box = await screen.findByRole('checkbox', { name: /Gentle stretch/ });

    setTimeout(() => {
      tapTaskOver = true;
    });
    fireEvent.click(box);
    expect(box).toBeChecked();
    await waitFor(() => expect(sentAfterTheTap).toEqual([true]));
    await waitFor(() => expect(fake.current().days[2]?.activities[0]?.completed).toBe(true));
  });
});

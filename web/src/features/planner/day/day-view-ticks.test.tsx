import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeWeek, planned } from '../../../testing/fake-api';
import { componentsDrawnDuring, drawnOf } from '../../../testing/react-commits';
import { renderPlanner } from '../testing/render';
import { DayView } from './day-view';

/** As in the weekly view (../week/weekly-planner-ticks.test.tsx): a tick draws its slot and its card again, no other. */
describe('ticking an activity in the day view', () => {
  it('draws again only that activity and its slot', async () => {
    const stretch = planned('stretch', 2, 'Morning');
    const fake = createFakeApi(
      makeWeek([
        planned('gratitude', 2, 'Morning', true),
        stretch,
        planned('candle', 2, 'Midday'),
        planned('call-friend', 2, 'Evening'),
      ]),
    );
    renderPlanner(<DayView day={2} mobile={false} onBack={() => {}} />, { api: fake.api });
    const heading = await screen.findByRole('heading', { name: 'Morning', level: 2 });
    const morning = heading.closest('section') as HTMLElement;
    const box = within(morning).getByRole('checkbox', { name: /Gentle stretch/ });
    const user = userEvent.setup();

    const components = await componentsDrawnDuring(async () => {
      await user.click(box);
      await waitFor(() => expect(box).toBeChecked());
      expect(within(morning).getByText('2/2 actions')).toBeInTheDocument();
      await waitFor(() => expect(fake.current().days[2]?.activities[1]?.completed).toBe(true));
    });

    expect(drawnOf(components, 'SlotCard', (props) => props.slot)).toEqual(['Morning']);
    expect(drawnOf(components, 'ActivityCard', (props) => (props.activity as { id: string }).id)).toEqual([
      stretch.id,
    ]);
  });
});

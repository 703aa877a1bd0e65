import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, makeWeek, planned } from '../../../testing/fake-api';
import { PlannerScreens } from '../planner-screens';
import { renderPlanner } from '../testing/render';

/** Rest days in the weekly planner (docs/rules.md#rest-days), against the in-memory API's shared rules. */
describe('Rest day', () => {
  const card = (name: RegExp) => screen.getByRole('article', { name });

  it('shows a day as her rest day with one request, offers Undo, and keeps the streak', async () => {
    const fake = createFakeApi(makeWeek([planned('gratitude', 1, 'Morning')], { completedDays: [0] }));
    renderPlanner(<PlannerScreens view="weekly" onViewChange={() => {}} onStartOver={() => {}} />, {
      api: fake.api,
    });
    const tuesday = await waitFor(() => card(/^Tuesday/));
    await userEvent.click(within(tuesday).getByRole('button', { name: 'Rest day' }));
    await within(tuesday).findByText('🌙 Rest day');
    expect(within(tuesday).queryByRole('button', { name: 'Mark Day Complete' })).toBeNull();
    expect(fake.calls.filter((call) => call.name === 'setRestDay')).toHaveLength(1);
    // Completed Monday, rest Tuesday; today (Wednesday) not done yet: the streak is 1, not broken.
    await screen.findByText(/1 day streak/);
    expect(screen.getByText(/1 rest day/)).toBeTruthy();

    await userEvent.click(within(tuesday).getByRole('button', { name: 'Undo rest day' }));
    await within(tuesday).findByRole('button', { name: 'Rest day' });
  });

  it('says kindly that a week has one rest day, and takes back what it showed', async () => {
    const fake = createFakeApi(makeWeek([], { restDays: [4] }));
    const notify = vi.fn();
    renderPlanner(<PlannerScreens view="weekly" onViewChange={() => {}} onStartOver={() => {}} />, {
      api: fake.api,
      notify,
    });
    const saturday = await waitFor(() => card(/^Saturday/));
    await userEvent.click(within(saturday).getByRole('button', { name: 'Rest day' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(expect.stringContaining('already taken a rest day')),
    );
    await within(saturday).findByRole('button', { name: 'Rest day' });
    expect(within(card(/^Friday/)).getByText('🌙 Rest day')).toBeTruthy();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeWeek, planned } from '../../../testing/fake-api';
import { renderPlanner } from '../testing/render';
import { WeeklyPlanner } from '../week/weekly-planner';

const noop = () => {};

/** docs/rules.md#web-request-budget: a week is one read; every action is one write and no read after it. */
describe('the planner request budget', () => {
  it('loads the week with one read and sends exactly one write per action, reading nothing again', async () => {
    const fake = createFakeApi(
      makeWeek([
        planned('gratitude', 0, 'Morning'),
        planned('stretch', 0, 'Evening'),
        planned('candle', 4, 'Midday'),
      ]),
    );
    renderPlanner(<WeeklyPlanner mobile={false} onOpenDay={noop} onStartOver={noop} />, { api: fake.api });
    const user = userEvent.setup();
    const monday = (await screen.findByRole('heading', { name: 'Monday' })).closest('article') as HTMLElement;
    const names = () => fake.calls.map((call) => call.name);
    expect(names().filter((name) => name === 'getWeek')).toHaveLength(1);
    const before = fake.calls.length;

    await user.click(within(monday).getByRole('checkbox', { name: /Gratitude journal/ }));
    await waitFor(() => expect(fake.calls.length).toBe(before + 1));
    const friday = screen.getByRole('heading', { name: 'Friday' }).closest('article') as HTMLElement;
    await user.click(within(friday).getByRole('button', { name: 'Mark Day Complete' }));
    await waitFor(() => expect(fake.calls.length).toBe(before + 2));

    // Let any stray read or retry show itself before counting.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(names().slice(before)).toEqual(['updatePlannedActivity', 'setDayCompletion']);
  });
});

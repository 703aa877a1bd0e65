import { ERRORS } from '@bloom/shared/errors/catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BloomApi } from '../../../lib/api';
import { ApiError, createFakeApi, makeWeek, planned } from '../../../testing/fake-api';
import { LimitDialog } from '../limit-dialog';
import { usePlannerUi } from '../planner-ui';
import { renderPlanner } from '../testing/render';
import { DayView } from './day-view';

function DayScreen({ mobile = false }: { mobile?: boolean }) {
  const planner = usePlannerUi();
  return (
    <>
      <DayView day={2} mobile={mobile} onBack={() => {}} />
      <LimitDialog prompt={planner.limitPrompt} onClose={planner.closeLimitPrompt} />
    </>
  );
}

const slotCard = (slot: string) =>
  screen.getByRole('heading', { name: slot, level: 2 }).closest('section') as HTMLElement;

describe('DayView', () => {
  it('shows "Loading your day..." then the three slots with their progress', async () => {
    const { api } = createFakeApi(
      makeWeek([planned('gratitude', 2, 'Morning', true), planned('stretch', 2, 'Morning')]),
    );
    renderPlanner(<DayScreen />, { api });
    expect(screen.getByText('Loading your day...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Wednesday Self-Care Plan' })).toBeInTheDocument();
    expect(
      screen.getByText('Select activities from the sidebar and add them to any time slot'),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Morning', level: 2 });
    const morning = slotCard('Morning');
    expect(within(morning).getByText('2 activities')).toBeInTheDocument();
    expect(within(morning).getByText('1/2 actions')).toBeInTheDocument();
    expect(within(morning).getByText('15 min')).toBeInTheDocument();
    expect(within(slotCard('Evening')).getByText('No activities scheduled')).toBeInTheDocument();
    expect(screen.getByText('Unlimited planning + Custom activities + AI coach')).toBeInTheDocument();
    // One invitation, said once.
    expect(screen.getAllByText(/Unlock Pro/)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Get Pro' })).toHaveAttribute('href', '/pricing');
  });

  it('adds the selected library activities to the chosen slot and clears the selection', async () => {
    const { api, calls } = createFakeApi(makeWeek([]));
    renderPlanner(<DayScreen />, { api });
    const user = userEvent.setup();
    const library = await screen.findByRole('complementary', { name: 'Activity Library' });
    await within(library).findByRole('checkbox', { name: /Gentle stretch/ });

    await user.click(within(library).getByRole('checkbox', { name: /Gentle stretch/ }));
    await user.click(within(library).getByRole('checkbox', { name: /Call a friend/ }));
    await user.selectOptions(within(library).getByLabelText('Time slot'), 'Evening');
    await user.click(within(library).getByRole('button', { name: 'Add Selected (2)' }));

    const evening = slotCard('Evening');
    expect(await within(evening).findByText('Gentle stretch')).toBeInTheDocument();
    expect(within(evening).getByText('Call a friend')).toBeInTheDocument();
    expect(within(library).getByRole('button', { name: 'Add Selected (0)' })).toBeDisabled();
    expect(calls.find((entry) => entry.name === 'addActivities')?.args).toEqual([
      2,
      'Evening',
      ['stretch', 'call-friend'],
    ]);
    expect(screen.getByText(/8 edits left/)).toBeInTheDocument();
  });

  it('shows what the chosen slot already holds as not addable again', async () => {
    const { api } = createFakeApi(makeWeek([planned('stretch', 2, 'Morning')]));
    renderPlanner(<DayScreen />, { api });
    const user = userEvent.setup();
    const library = await screen.findByRole('complementary', { name: 'Activity Library' });
    expect(await within(library).findByRole('checkbox', { name: /Gentle stretch/ })).toBeDisabled();
    expect(within(library).getByText('Already in Morning')).toBeInTheDocument();
    await user.selectOptions(within(library).getByLabelText('Time slot'), 'Evening');
    expect(within(library).getByRole('checkbox', { name: /Gentle stretch/ })).toBeEnabled();
  });

  it('removes an activity', async () => {
    const { api, current } = createFakeApi(makeWeek([planned('candle', 2, 'Midday')]));
    renderPlanner(<DayScreen />, { api });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Light a candle' }));
    expect(within(slotCard('Midday')).getByText('No activities scheduled')).toBeInTheDocument();
    await waitFor(() => expect(current().days[2]?.activities).toHaveLength(0));
  });

  /** Wednesday with one finished activity and one open: removing the open one finishes the day. */
  const nearlyDone = () =>
    makeWeek([planned('gratitude', 2, 'Morning', true), planned('candle', 2, 'Midday')]);

  it('shows the day complete as soon as its last open activity is removed, and celebrates on the answer', async () => {
    const celebrate = vi.fn();
    const fake = createFakeApi(nearlyDone());
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const api: BloomApi = {
      ...fake.api,
      removePlannedActivity: async (key, weekStart, id) => {
        await answered;
        return fake.api.removePlannedActivity(key, weekStart, id);
      },
    };
    renderPlanner(<DayScreen />, { api, celebrate });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Light a candle' }));
    // The shared rule, applied before the server answers (docs/rules.md#day-completion).
    expect(fake.current().completedDays).toEqual([]);
    expect(screen.getByRole('button', { name: 'Completed' })).toHaveAttribute('aria-pressed', 'true');
    expect(celebrate).not.toHaveBeenCalled();

    answer();
    await waitFor(() => expect(celebrate).toHaveBeenCalledTimes(1));
    expect(fake.current().completedDays).toEqual([2]);
    expect(screen.getByRole('button', { name: 'Completed' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('takes the day mark back with the activity when the removal fails', async () => {
    const notify = vi.fn();
    const failure = new ApiError(ERRORS.permission_denied.message, {
      status: 403,
      code: 'permission_denied',
    });
    const { api } = createFakeApi(nearlyDone(), { failing: { removePlannedActivity: failure } });
    renderPlanner(<DayScreen />, { api, notify });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove Light a candle' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith(ERRORS.permission_denied.message));
    expect(screen.getByRole('button', { name: 'Mark Complete' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(slotCard('Midday')).getByText('Light a candle')).toBeInTheDocument();
  });

  it('keeps a completed day marked when a finished activity is unticked', async () => {
    const { api, current } = createFakeApi(
      makeWeek([planned('gratitude', 2, 'Morning', true)], { completedDays: [2] }),
    );
    renderPlanner(<DayScreen />, { api });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Morning', level: 2 });
    await user.click(within(slotCard('Morning')).getByRole('checkbox', { name: /Gratitude journal/ }));
    await waitFor(() => expect(current().days[2]?.activities[0]?.completed).toBe(false));
    // Unticking never unmarks: taking the mark back is hers, with the toggle.
    expect(screen.getByRole('button', { name: 'Completed' })).toHaveAttribute('aria-pressed', 'true');
    expect(current().completedDays).toEqual([2]);
  });

  it('Complete All ticks every activity of the slot and the day completes', async () => {
    const celebrate = vi.fn();
    const { api } = createFakeApi(
      makeWeek([planned('gratitude', 2, 'Morning'), planned('stretch', 2, 'Morning')]),
    );
    renderPlanner(<DayScreen />, { api, celebrate });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Morning', level: 2 });
    await user.click(within(slotCard('Morning')).getByRole('button', { name: 'Complete All' }));
    expect(within(slotCard('Morning')).getByText('2/2 actions')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Completed' })).toHaveAttribute('aria-pressed', 'true');
    expect(celebrate).toHaveBeenCalledTimes(1);
  });

  it('opens the upgrade modal when the weekly edits run out', async () => {
    const { api } = createFakeApi(makeWeek([], { edits: { used: 9, limit: 10, remaining: 1 } }));
    renderPlanner(<DayScreen />, { api });
    const user = userEvent.setup();
    const library = await screen.findByRole('complementary', { name: 'Activity Library' });
    await user.click(await within(library).findByRole('checkbox', { name: /Gentle stretch/ }));
    await user.click(within(library).getByRole('checkbox', { name: /Light a candle/ }));
    await user.click(within(library).getByRole('button', { name: 'Add Selected (2)' }));

    const dialog = await screen.findByRole('dialog', { name: "You've reached your weekly limit!" });
    expect(dialog).toHaveAccessibleDescription(
      "You've used all 10 of your weekly edits. Upgrade to Pro for unlimited edits and more features.",
    );
    expect(within(slotCard('Morning')).getByText('Gentle stretch')).toBeInTheDocument();
    expect(screen.getByText(/0 edits left/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue Free' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the upgrade modal as soon as the 10th edit is used (the edit stays), and again on a refused one', async () => {
    const { api, calls } = createFakeApi(makeWeek([], { edits: { used: 9, limit: 10, remaining: 1 } }));
    renderPlanner(<DayScreen />, { api });
    const user = userEvent.setup();
    const library = await screen.findByRole('complementary', { name: 'Activity Library' });
    await user.click(await within(library).findByRole('checkbox', { name: /Gentle stretch/ }));
    await user.click(within(library).getByRole('button', { name: 'Add Selected (1)' }));

    let dialog = await screen.findByRole('dialog', { name: "You've reached your weekly limit!" });
    expect(within(slotCard('Morning')).getByText('Gentle stretch')).toBeInTheDocument();
    expect(screen.getByText(/0 edits left/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue Free' }));

    await user.click(within(library).getByRole('checkbox', { name: /Light a candle/ }));
    await user.click(within(library).getByRole('button', { name: 'Add Selected (1)' }));
    dialog = await screen.findByRole('dialog', { name: "You've reached your weekly limit!" });
    expect(within(slotCard('Morning')).queryByText('Light a candle')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'addActivities')).toHaveLength(2);
  });

  it('lets a free user create custom activities until the daily limit opens its own modal', async () => {
    const { api } = createFakeApi(makeWeek([]));
    renderPlanner(<DayScreen />, { api });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Morning', level: 2 });
    const create = async (name: string) => {
      await user.click(screen.getByRole('button', { name: 'Create Custom Activity' }));
      const form = await screen.findByRole('dialog', { name: 'Create Custom Activity' });
      expect(within(form).getByText(/free plan includes 3 custom activities a day/)).toBeInTheDocument();
      await user.type(within(form).getByLabelText('Activity Name'), name);
      await user.type(within(form).getByLabelText('Duration (min)'), '5');
      await user.click(within(form).getAllByRole('radio')[0] as HTMLElement);
      await user.click(within(form).getByRole('button', { name: 'Create Activity' }));
    };
    for (const name of ['Tea ritual', 'Sunset walk', 'Hand cream']) {
      await create(name);
      expect(await within(slotCard('Morning')).findByText(name)).toBeInTheDocument();
    }
    await create('One more');
    const limit = await screen.findByRole('dialog', { name: 'Daily action limit reached' });
    expect(within(limit).getByText(ERRORS.daily_action_limit_reached.message)).toBeInTheDocument();
    expect(within(slotCard('Morning')).queryByText('One more')).not.toBeInTheDocument();
    await user.click(within(limit).getByRole('button', { name: 'Upgrade Now' }));
    expect(await screen.findByText('Pricing page')).toBeInTheDocument();
  });

  it('on mobile adds from the full-screen library and closes it', async () => {
    const { api } = createFakeApi(makeWeek([]));
    renderPlanner(<DayScreen mobile />, { api });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Morning', level: 2 });
    await user.click(screen.getByRole('button', { name: 'Midday (0)' }));
    await user.click(screen.getByRole('button', { name: '＋ Add' }));
    const library = await screen.findByRole('dialog', { name: 'Activity Library' });

    await user.type(within(library).getByPlaceholderText('Search activities...'), 'zzz');
    expect(within(library).getByText('No activities found for "zzz"')).toBeInTheDocument();
    await user.clear(within(library).getByPlaceholderText('Search activities...'));
    await user.click(within(library).getByRole('button', { name: 'Sensory' }));
    await user.click(within(library).getByRole('checkbox', { name: /Light a candle/ }));
    expect(within(library).getByRole('button', { name: 'Clear (1)' })).toBeEnabled();
    await user.click(within(library).getByRole('button', { name: 'Add to Midday' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Activity Library' })).not.toBeInTheDocument(),
    );
    expect(within(slotCard('Midday')).getByText('Light a candle')).toBeInTheDocument();
  });
});

import { ERRORS } from '@bloom/shared/errors/catalogue';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorFromResponse } from '../../../lib/api/errors';
import { createFakeApi, makeWeek, planned } from '../../../testing/fake-api';
import pills from '../pills.module.css';
import { renderPlanner } from '../testing/render';
import { WeeklyPlanner } from './weekly-planner';

const noop = () => {};

/** Today is Wednesday; Tuesday is done, and so was last Sunday (the streak counts from yesterday back). */
const COMPLETED_BEFORE = ['2026-11-15'];

function weekWithActivities() {
  return makeWeek(
    [
      planned('gratitude', 0, 'Morning', true),
      planned('stretch', 0, 'Evening'),
      planned('candle', 1, 'Evening', true),
      planned('gratitude', 2, 'Morning'),
      planned('call-friend', 2, 'Evening'),
      planned('candle', 4, 'Midday'),
    ],
    { completedDays: [1] },
  );
}

afterEach(() => onlineManager.setOnline(true));

describe('WeeklyPlanner', () => {
  it('shows "Loading your activities..." until the week arrives, then the seven days', async () => {
    const { api } = createFakeApi(weekWithActivities());
    renderPlanner(<WeeklyPlanner mobile={false} onOpenDay={noop} onStartOver={noop} />, { api });
    expect(screen.getByText('Loading your activities...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Monday' })).toBeInTheDocument();
    for (const name of ['Tuesday', 'Wednesday (Today)', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'Nov 16 – 22, 2026' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your activities...')).not.toBeInTheDocument();
  });

  it('shows streak, edits left, the Pro banner and totals per day and for the week', async () => {
    const { api } = createFakeApi(weekWithActivities(), { completedBefore: COMPLETED_BEFORE });
    renderPlanner(<WeeklyPlanner mobile={false} onOpenDay={noop} onStartOver={noop} />, { api });
    const wednesday = (await screen.findByRole('heading', { name: 'Wednesday (Today)' })).closest('article');
    if (!wednesday) throw new Error('no Wednesday card');
    expect(within(wednesday).getByText('20 min')).toBeInTheDocument();
    expect(within(wednesday).getByText('0/2 actions')).toBeInTheDocument();
    expect(screen.getByText(/1 day streak/)).toBeInTheDocument();
    expect(screen.getByText(/10 edits left/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade for unlimited edits' })).not.toBeInTheDocument();
    expect(screen.getByText('Unlock Pro Features')).toBeInTheDocument();
    expect(screen.getByText('Unlimited planning + Custom activities + AI coach')).toBeInTheDocument();

    const glance = screen.getByRole('region', { name: 'Week at a Glance' });
    expect(within(glance).getByText('6')).toBeInTheDocument();
    expect(within(glance).getByText('0.9 per day on average')).toBeInTheDocument();
    expect(within(glance).getByText('45')).toBeInTheDocument();
    expect(within(glance).getByText('1/7')).toBeInTheDocument();
  });

  it('warns and offers Upgrade at 3 or fewer edits left, and says Unlimited on Pro', async () => {
    const few = createFakeApi(makeWeek([], { edits: { used: 7, limit: 10, remaining: 3 } }));
    const { unmount } = renderPlanner(<WeeklyPlanner mobile={false} onOpenDay={noop} onStartOver={noop} />, {
      api: few.api,
    });
    expect(await screen.findByText(/3 edits left/)).toHaveClass(pills.warning as string);
    expect(screen.getByRole('link', { name: 'Upgrade for unlimited edits' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    unmount();

    const pro = createFakeApi(makeWeek([], { edits: { used: 30, limit: null, remaining: null } }), {
      tier: 'pro',
    });
    renderPlanner(<WeeklyPlanner mobile={false} onOpenDay={noop} onStartOver={noop} />, { api: pro.api });
    expect(await screen.findByText(/Unlimited edits/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Unlock Pro Features')).not.toBeInTheDocument());
  });

  it('toggles Mark Day Complete with confetti only when marking', async () => {
    const celebrate = vi.fn();
    const { api, current } = createFakeApi(weekWithActivities());
    renderPlanner(<WeeklyPlanner mobile={false} onOpenDay={noop} onStartOver={noop} />, { api, celebrate });
    const user = userEvent.setup();
    const friday = (await screen.findByRole('heading', { name: 'Friday' })).closest('article') as HTMLElement;

    await user.click(within(friday).getByRole('button', { name: 'Mark Day Complete' }));
    expect(within(friday).getByRole('button', { name: '✓ Day Complete' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(current().completedDays).toContain(4));
    expect(celebrate).toHaveBeenCalledTimes(1);

    await user.click(within(friday).getByRole('button', { name: '✓ Day Complete' }));
    await waitFor(() => expect(current().completedDays).not.toContain(4));
    expect(within(friday).getByRole('button', { name: 'Mark Day Complete' })).toBeInTheDocument();
    expect(celebrate).toHaveBeenCalledTimes(1);
  });

  it('auto-completes a day when its last activity is ticked, and celebrates', async () => {
    const celebrate = vi.fn();
    const { api } = createFakeApi(weekWithActivities(), { completedBefore: COMPLETED_BEFORE });
    renderPlanner(<WeeklyPlanner mobile={false} onOpenDay={noop} onStartOver={noop} />, { api, celebrate });
    const user = userEvent.setup();
    const monday = (await screen.findByRole('heading', { name: 'Monday' })).closest('article') as HTMLElement;
    expect(within(monday).getByText('1/2 actions')).toBeInTheDocument();

    await user.click(within(monday).getByRole('checkbox', { name: /Gentle stretch/ }));
    expect(await within(monday).findByRole('button', { name: '✓ Day Complete' })).toBeInTheDocument();
    expect(within(monday).getByText('2/2 actions')).toBeInTheDocument();
    expect(celebrate).toHaveBeenCalledTimes(1);
    // Monday joins Tuesday and last Sunday: three days in a row up to yesterday.
    expect(screen.getByText(/3 days streak/)).toBeInTheDocument();
  });

  it('undoes a tick the server refuses and says why', async () => {
    const notify = vi.fn();
    // A refusal is final; a lost connection would keep the tick waiting to sync instead (write-queue tests).
    const failure = errorFromResponse(404, {
      error: { code: 'not_found', message: ERRORS.not_found.message },
    });
    const { api } = createFakeApi(weekWithActivities(), { failing: { updatePlannedActivity: failure } });
    renderPlanner(<WeeklyPlanner mobile={false} onOpenDay={noop} onStartOver={noop} />, { api, notify });
    const user = userEvent.setup();
    const monday = (await screen.findByRole('heading', { name: 'Monday' })).closest('article') as HTMLElement;
    const box = within(monday).getByRole('checkbox', { name: /Gentle stretch/ });

    await user.click(box);
    await waitFor(() => expect(notify).toHaveBeenCalledWith(ERRORS.not_found.message));
    expect(box).not.toBeChecked();
    expect(within(monday).getByText('1/2 actions')).toBeInTheDocument();
  });

  it('says "Failed to initialize activities" when the server could not plan the week', async () => {
    const notify = vi.fn();
    const failure = errorFromResponse(500, {
      error: { code: 'plan_initialization_failed', message: ERRORS.plan_initialization_failed.message },
    });
    const { api } = createFakeApi(makeWeek([]), { failing: { getWeek: failure } });
    renderPlanner(<WeeklyPlanner mobile={false} onOpenDay={noop} onStartOver={noop} />, { api, notify });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Failed to initialize activities'));
  });

  it('moves between weeks, across a month boundary', async () => {
    const { api, calls } = createFakeApi(weekWithActivities());
    renderPlanner(<WeeklyPlanner mobile={false} onOpenDay={noop} onStartOver={noop} />, { api });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Monday' });
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByRole('heading', { name: 'Nov 30 – Dec 6, 2026' })).toBeInTheDocument();
    // A week not read yet shows its placeholders at once, not the cards' empty places.
    expect(screen.getByText('Loading your activities...')).toBeInTheDocument();
    const weeksRead = () => calls.filter((entry) => entry.name === 'getWeek').map((entry) => entry.args[0]);
    // Two quick clicks load the week they land on, not the one in between; then the next one is read ahead.
    await waitFor(() => expect(weeksRead()).toEqual(['2026-11-16', '2026-11-30', '2026-12-07']), {
      timeout: 2000,
    });
    expect(await screen.findByRole('heading', { name: 'Monday' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    // The week read ahead shows at once, before navigation settles.
    expect(screen.getByRole('heading', { name: 'Dec 7 – 13, 2026' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Monday' })).toBeInTheDocument();
  });

  it('offline, a week not read yet says the connection is the trouble, then shows once she is back', async () => {
    const { api } = createFakeApi(weekWithActivities());
    renderPlanner(<WeeklyPlanner mobile={false} onOpenDay={noop} onStartOver={noop} />, { api });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Monday' });
    act(() => onlineManager.setOnline(false));
    // Two weeks on: past the week read ahead, so this one was never read.
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByRole('heading', { name: 'Nov 30 – Dec 6, 2026' })).toBeInTheDocument();
    // The read waits for the connection: without a word it would stay "Loading your activities..." for good.
    expect(
      await screen.findByText('Network error. Please check your connection and try again.', undefined, {
        timeout: 2000,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading your activities...')).not.toBeInTheDocument();
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByRole('heading', { name: 'Monday' })).toBeInTheDocument();
    expect(screen.queryByText(/Network error/)).not.toBeInTheDocument();
  });

  it('on mobile shows a day picker and one day, starting at today, wrapping around the week', async () => {
    const { api } = createFakeApi(weekWithActivities());
    renderPlanner(<WeeklyPlanner mobile onOpenDay={noop} onStartOver={noop} />, { api });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Wednesday (Today)' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Monday' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Sun Nov 22/ }));
    expect(screen.getByRole('heading', { name: 'Sunday' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(screen.getByRole('heading', { name: 'Monday' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(screen.getByRole('heading', { name: 'Sunday' })).toBeInTheDocument();
  });
});

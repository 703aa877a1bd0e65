import { CLIENT_MESSAGES, ERRORS, FIELD_MESSAGES } from '@bloom/shared/errors/catalogue';
import { editsFor } from '@bloom/shared/planner/rules';
import { FREE_WEEKLY_EDIT_LIMIT } from '@bloom/shared/planner/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorFromResponse } from '../../../lib/api/errors';
import { createFakeApi, makeWeek } from '../../../testing/fake-api';
import { useWeek } from '../api/use-week';
import { LimitDialog } from '../limit-dialog';
import { usePlannerUi } from '../planner-ui';
import { renderPlanner } from '../testing/render';
import { CustomActivityDialog } from './custom-activity-dialog';

function Form({ onClose = () => {} }: { onClose?: () => void }) {
  const planner = usePlannerUi();
  const { week } = useWeek();
  return (
    <>
      {week ? <CustomActivityDialog day={3} onClose={onClose} /> : <p>Loading</p>}
      <LimitDialog prompt={planner.limitPrompt} onClose={planner.closeLimitPrompt} />
    </>
  );
}

async function openForm(options: Parameters<typeof createFakeApi>[1] = { tier: 'pro' }, onClose = () => {}) {
  const fake = createFakeApi(makeWeek([]), options);
  renderPlanner(<Form onClose={onClose} />, { api: fake.api });
  const dialog = await screen.findByRole('dialog', { name: 'Create Custom Activity' });
  return { ...fake, dialog, user: userEvent.setup() };
}

describe('CustomActivityDialog', () => {
  it('starts on Morning and Mental, with icons of the category only, and submit disabled until complete', async () => {
    const { dialog, user } = await openForm();
    expect(within(dialog).getByLabelText('Activity Name')).toHaveAttribute(
      'placeholder',
      'What would you love to do?',
    );
    expect(within(dialog).getByLabelText('Time Slot')).toHaveValue('Morning');
    expect(within(dialog).getByLabelText('Category')).toHaveValue('Mental');
    expect(within(dialog).getAllByRole('radio').length).toBeLessThanOrEqual(24);
    expect(within(dialog).getByRole('radio', { name: 'Brain' })).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Create Activity' });
    expect(submit).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Activity Name'), 'Sunset walk');
    await user.type(within(dialog).getByLabelText('Duration (min)'), '20');
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Brain' }));
    expect(submit).toBeEnabled();

    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Physical');
    expect(within(dialog).queryByRole('radio', { name: 'Brain' })).not.toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('says "Please enter an activity name" for a blank name', async () => {
    const { dialog, user } = await openForm();
    await user.type(within(dialog).getByLabelText('Activity Name'), '   ');
    await user.type(within(dialog).getByLabelText('Duration (min)'), '10');
    await user.click(within(dialog).getByRole('radio', { name: 'Brain' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Activity' }));
    expect(within(dialog).getByText(FIELD_MESSAGES.name)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Activity Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the name by the shared rule: zero-width spaces are no name, control characters are refused', async () => {
    const { dialog, user, calls } = await openForm();
    const name = within(dialog).getByLabelText('Activity Name');
    await user.type(within(dialog).getByLabelText('Duration (min)'), '10');
    await user.click(within(dialog).getByRole('radio', { name: 'Brain' }));
    const submit = within(dialog).getByRole('button', { name: 'Create Activity' });
    await user.click(name);
    await user.paste('\u200b\u200b\u200b');
    await user.click(submit);
    expect(within(dialog).getByText(FIELD_MESSAGES.name)).toBeInTheDocument();
    await user.clear(name);
    await user.paste('Tea\u0007time');
    await user.click(submit);
    expect(within(dialog).getByText(FIELD_MESSAGES.unreadable)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((entry) => entry.name === 'createCustomActivity')).toEqual([]);
  });

  it('says "Please enter a valid duration" for 0 or a fraction', async () => {
    const { dialog, user } = await openForm();
    await user.type(within(dialog).getByLabelText('Activity Name'), 'Tea ritual');
    await user.type(within(dialog).getByLabelText('Duration (min)'), '0');
    await user.click(within(dialog).getByRole('radio', { name: 'Brain' }));
    expect(within(dialog).getByText(FIELD_MESSAGES.duration)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Activity' }));
    expect(within(dialog).getByText(FIELD_MESSAGES.duration)).toBeInTheDocument();
  });

  it('says "Please select an icon" when the icon picker is left without a choice', async () => {
    const { dialog, user } = await openForm();
    await user.type(within(dialog).getByLabelText('Activity Name'), 'Tea ritual');
    within(dialog).getByRole('radio', { name: 'Brain' }).focus();
    await user.click(within(dialog).getByLabelText('Activity Name'));
    expect(within(dialog).getByText(FIELD_MESSAGES.icon)).toBeInTheDocument();
  });

  it('creates the activity with the trimmed name and closes', async () => {
    const onClose = vi.fn();
    const { dialog, user, calls } = await openForm({ tier: 'pro' }, onClose);
    await user.type(within(dialog).getByLabelText('Activity Name'), '  Sunset walk ');
    await user.type(within(dialog).getByLabelText('Duration (min)'), '20');
    await user.selectOptions(within(dialog).getByLabelText('Time Slot'), 'Evening');
    await user.click(within(dialog).getByRole('radio', { name: 'Brain' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Activity' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((entry) => entry.name === 'createCustomActivity')?.args[0]).toMatchObject({
      name: 'Sunset walk',
      duration: 20,
      slot: 'Evening',
      category: 'Mental',
      icon: '🧠',
      day: 3,
      weekStart: '2026-11-16',
    });
  });

  it('shows a server refusal in the red box at the top of the form', async () => {
    const duplicate = errorFromResponse(409, {
      error: { code: 'already_exists', message: ERRORS.already_exists.message },
    });
    const { dialog, user } = await openForm({ tier: 'pro', failing: { createCustomActivity: duplicate } });
    await user.type(within(dialog).getByLabelText('Activity Name'), 'Sunset walk');
    await user.type(within(dialog).getByLabelText('Duration (min)'), '20');
    await user.click(within(dialog).getByRole('radio', { name: 'Brain' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Activity' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This item already exists.');
  });

  it('opens the limit modal on "Daily action limit reached"', async () => {
    const limit = errorFromResponse(403, {
      error: { code: 'daily_action_limit_reached', message: ERRORS.daily_action_limit_reached.message },
    });
    const onClose = vi.fn();
    const { dialog, user } = await openForm(
      { tier: 'pro', failing: { createCustomActivity: limit } },
      onClose,
    );
    await user.type(within(dialog).getByLabelText('Activity Name'), 'Sunset walk');
    await user.type(within(dialog).getByLabelText('Duration (min)'), '20');
    await user.click(within(dialog).getByRole('radio', { name: 'Brain' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Activity' }));
    expect(
      await screen.findByRole('dialog', { name: 'Daily action limit reached' }),
    ).toHaveAccessibleDescription(ERRORS.daily_action_limit_reached.message);
    expect(onClose).toHaveBeenCalled();
  });

  describe('failures the day view names', () => {
    async function submit(dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
      await user.type(within(dialog).getByLabelText('Activity Name'), 'Sunset walk');
      await user.type(within(dialog).getByLabelText('Duration (min)'), '20');
      await user.click(within(dialog).getByRole('radio', { name: 'Brain' }));
      await user.click(within(dialog).getByRole('button', { name: 'Create Activity' }));
    }

    it('says "Failed to create custom activity" when the answer carries no id', async () => {
      const fake = await openForm();
      const create = fake.api.createCustomActivity;
      fake.api.createCustomActivity = async (key, body) => {
        const created = await create(key, body);
        return { ...created, activity: { ...created.activity, id: '' } };
      };
      await submit(fake.dialog, fake.user);
      expect(await within(fake.dialog).findByRole('alert')).toHaveTextContent(
        CLIENT_MESSAGES.createCustomActivity,
      );
    });

    it('says "Failed to add activity to time slot" when the activity was made but not placed', async () => {
      const fake = await openForm();
      const create = fake.api.createCustomActivity;
      fake.api.createCustomActivity = async (key, body) => {
        const { planned: _unplaced, ...created } = await create(key, body);
        return created as Awaited<ReturnType<typeof create>>;
      };
      await submit(fake.dialog, fake.user);
      expect(await within(fake.dialog).findByRole('alert')).toHaveTextContent(CLIENT_MESSAGES.addToTimeSlot);
    });

    it('says "Cannot create activity - edit limit reached" at the weekly limit, keeping her draft, with the limit dialog', async () => {
      const fake = createFakeApi(makeWeek([], { edits: editsFor(FREE_WEEKLY_EDIT_LIMIT, 'free') }), {
        tier: 'free',
      });
      renderPlanner(<Form />, { api: fake.api });
      const dialog = await screen.findByRole('dialog', { name: 'Create Custom Activity' });
      const user = userEvent.setup();
      await submit(dialog, user);
      expect(
        await screen.findByRole('dialog', { name: "You've reached your weekly limit!" }),
      ).toBeInTheDocument();
      expect(within(dialog).getByRole('alert')).toHaveTextContent(CLIENT_MESSAGES.createAtEditLimit);
      expect(within(dialog).getByLabelText('Activity Name')).toHaveValue('Sunset walk');
    });
  });
});

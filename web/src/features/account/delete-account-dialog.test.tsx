import { ERRORS } from '@bloom/shared/errors/catalogue';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorFromResponse } from '../../lib/api/errors';
import { createFakeApi, makeWeek } from '../../testing/fake-api';
import { InEnglish } from '../../testing/test-utils';
import { DeleteAccountDialog } from './delete-account-dialog';

function renderDialog(options: Parameters<typeof createFakeApi>[1] = {}) {
  const fake = createFakeApi(makeWeek([]), options);
  const onDeleted = vi.fn();
  const onClose = vi.fn();
  render(<DeleteAccountDialog open onClose={onClose} api={fake.api} onDeleted={onDeleted} />, {
    wrapper: InEnglish,
  });
  return { fake, onDeleted, onClose };
}

describe('DeleteAccountDialog', () => {
  it('deletes only once she has typed DELETE', async () => {
    const user = userEvent.setup();
    const { fake, onDeleted } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = screen.getByRole('button', { name: 'Delete my account' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'delete');
    expect(confirm).toBeDisabled();
    await user.clear(screen.getByLabelText('Type DELETE to confirm'));
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(confirm);
    expect(fake.calls.filter((call) => call.name === 'deleteAccount')).toHaveLength(1);
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('says why a deletion failed and lets her ask again', async () => {
    const user = userEvent.setup();
    const { onDeleted } = renderDialog({
      failing: {
        deleteAccount: errorFromResponse(500, {
          error: { code: 'internal', message: ERRORS.internal.message },
        }),
      },
    });
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERRORS.internal.message);
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
  });

  it('Keep my account closes it without deleting', async () => {
    const user = userEvent.setup();
    const { fake, onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(fake.calls.some((call) => call.name === 'deleteAccount')).toBe(false);
  });
});

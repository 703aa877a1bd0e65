import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { InEnglish } from '../../testing/test-utils';
import { LimitDialog } from './limit-dialog';

function renderDialog(onClose = vi.fn()) {
  render(
    <MemoryRouter>
      <Routes>
        <Route
          path="/"
          element={<LimitDialog prompt={{ kind: 'weeklyEdits', limit: 10 }} onClose={onClose} />}
        />
        <Route path="/pricing" element={<p>Pricing page</p>} />
      </Routes>
    </MemoryRouter>,
    { wrapper: InEnglish },
  );
  return onClose;
}

describe('LimitDialog', () => {
  it('says the weekly limit is reached, with Pro as the tier', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: "You've reached your weekly limit!" });
    expect(dialog).toHaveAccessibleDescription(
      "You've used all 10 of your weekly edits. Upgrade to Pro for unlimited edits and more features.",
    );
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('Continue Free closes it; Upgrade Now goes to /pricing', async () => {
    const user = userEvent.setup();
    const onClose = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Continue Free' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Upgrade Now' }));
    expect(screen.getByText('Pricing page')).toBeInTheDocument();
  });

  it('closes on Escape and renders nothing without a prompt', async () => {
    const user = userEvent.setup();
    const onClose = renderDialog();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    render(
      <MemoryRouter>
        <LimitDialog prompt={null} onClose={() => {}} />
      </MemoryRouter>,
      { wrapper: InEnglish },
    );
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});

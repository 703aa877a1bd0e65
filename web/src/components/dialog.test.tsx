import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../lib/i18n';
import { ENGLISH } from '../testing/test-utils';
import { Dialog, SCROLL_LOCK_CLASS } from './dialog';

function Opener({ title, children }: { title: string; children?: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open {title}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={title}>
        <button type="button">Inside {title}</button>
        {children}
      </Dialog>
    </>
  );
}

const locked = () => document.documentElement.classList.contains(SCROLL_LOCK_CLASS);

describe('Dialog', () => {
  it('locks the page behind while open; Escape closes only the top one of nested dialogs, the lock lasts until the last', async () => {
    const user = userEvent.setup();
    render(
      <I18nProvider initial={ENGLISH}>
        <div id="root">
          <Opener title="Outer">
            <Opener title="Inner" />
          </Opener>
        </div>
      </I18nProvider>,
    );
    expect(locked()).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Open Outer' }));
    expect(locked()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Open Inner' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull();
    expect(locked()).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Outer' })).toBeNull();
    expect(locked()).toBe(false);
    expect(screen.getByRole('button', { name: 'Open Outer' })).toHaveFocus();
  });
});

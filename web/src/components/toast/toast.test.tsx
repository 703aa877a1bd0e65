import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n';
import { ENGLISH } from '../../testing/test-utils';
import { dismissToast, showToast, TOAST_DURATION_MS, ToastViewport } from '.';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <I18nProvider initial={ENGLISH}>
        <ToastViewport />
      </I18nProvider>,
    );
  });
  afterEach(() => {
    act(() => dismissToast());
    vi.useRealTimers();
  });

  it('shows one toast at a time: a new one replaces the one on screen', () => {
    act(() => showToast('Saved your plan', 'success'));
    expect(screen.getByRole('status')).toHaveTextContent('Saved your plan');
    act(() => showToast('Network error. Please check your connection and try again.', 'error'));
    expect(screen.getByRole('alert')).toHaveTextContent('Network error.');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(1);
  });

  it('goes away by itself, and errors stay longer', () => {
    act(() => showToast('Hello'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS.info + 10));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => showToast('Failed to add activity', 'error'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS.info + 10));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to add activity');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS.error));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('can be dismissed with its button', async () => {
    act(() => showToast('Hello'));
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
